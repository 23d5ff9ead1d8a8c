--! Previous: sha1:7e2b5f1cf12a9fdd2486b2202c78c1b1a4538c25
--! Hash: sha1:ed2c4812b8ef9742ddebad568f0ac86d446fe939
--! Message: the worker surface holds only what sweeps and deliveries need: deliveries rows bind a job to what it delivers, metrics get a role of their own, switchboard_server no longer holds switchboard_worker

-- The worker surface holds only what sweeps and deliveries need.
--
-- Deliveries. A transition that queues a webhook delivery (a dead-letter notification, an endpoint's doorbell)
-- writes a row here in its own transaction, and the job carries only that row's id. The worker reads what it
-- delivers through the row (switchboard_worker.delivery) and removes it once delivered (delivered): it can no
-- longer read a todo, an owner's URL or a notice by naming an id, only the deliveries its queued jobs name. A
-- dead-letter row goes with its todo (cascade); a doorbell row stands for every ring of its endpoint's queue since
-- the last delivery (rings), so a ring that arrives while a delivery is under way is not lost.
create table switchboard.deliveries (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  todo_id uuid references switchboard.todos (id) on delete cascade,
  seq integer,
  sink text,
  endpoint_id uuid references switchboard.endpoints (id) on delete cascade,
  queue text,
  rings bigint not null default 1,
  created_at timestamptz not null default now(),
  constraint deliveries_kind check (kind in ('dead_letter', 'doorbell')),
  constraint deliveries_dead_letter check (
    kind <> 'dead_letter' or (todo_id is not null and sink in ('owner', 'instance') and endpoint_id is null and queue is null)),
  constraint deliveries_doorbell check (
    kind <> 'doorbell' or (endpoint_id is not null and queue is not null and todo_id is null and seq is null and sink is null)),
  constraint deliveries_rings_positive check (rings >= 1)
);
comment on table switchboard.deliveries is
  'Webhook deliveries queued by transitions (dead-letter notifications, doorbells): the job carries only the id, and the worker reads what it delivers through the row.';
create unique index deliveries_doorbell_key on switchboard.deliveries (endpoint_id, queue) where kind = 'doorbell';
create index deliveries_todo_idx on switchboard.deliveries (todo_id) where todo_id is not null;
grant select on switchboard.deliveries to switchboard_admin;

-- Jobs queued before this migration carry ids and queue names; they get a delivery row each and carry its id
-- instead, so the upgraded worker delivers them. (On a new database graphile-worker's schema comes after the
-- migrations, and there is nothing to convert.)
do $$
declare
  r record;
  v_id uuid;
begin
  if to_regclass('graphile_worker._private_jobs') is null then
    return;
  end if;
  for r in select j.id, j.payload::jsonb as p, t.identifier
             from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
            where t.identifier in ('switchboard_dead_letter', 'switchboard_doorbell_webhook')
              and not (j.payload::jsonb ? 'delivery_id')
  loop
    v_id := null;
    if r.identifier = 'switchboard_dead_letter' then
      insert into switchboard.deliveries (kind, todo_id, seq, sink)
      select 'dead_letter', x.id, (r.p ->> 'seq')::integer, r.p ->> 'sink'
        from switchboard.todos x where x.id = (r.p ->> 'todo_id')::uuid and r.p ->> 'sink' in ('owner', 'instance')
      returning id into v_id;
    else
      insert into switchboard.deliveries (kind, endpoint_id, queue)
      select 'doorbell', e.id, r.p ->> 'queue' from switchboard.endpoints e where e.id = (r.p ->> 'endpoint_id')::uuid
      on conflict (endpoint_id, queue) where kind = 'doorbell' do update set rings = switchboard.deliveries.rings + 1
      returning id into v_id;
    end if;
    -- A job whose todo or endpoint is gone names a delivery that does not exist: the worker drops it as gone.
    update graphile_worker._private_jobs j
       set payload = json_build_object('delivery_id', coalesce(v_id, gen_random_uuid())),
           key = case when r.identifier = 'switchboard_doorbell_webhook' and v_id is not null
                      then 'switchboard_doorbell:' || v_id::text else j.key end
     where j.id = r.id;
  end loop;
end
$$;

-- /metrics reads aggregates of every tenant (queue names, counts): that is a role of its own, switchboard_metrics,
-- with its schema, rather than the worker's, which reads nothing out.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'switchboard_metrics') then
    create role switchboard_metrics nologin;
  end if;
end
$$;
create schema switchboard_metrics;
revoke all on schema switchboard_metrics from public;
grant usage on schema switchboard_metrics to switchboard_metrics;

-- The server's request pool is agent + Board (+ the metrics read), never the worker: serve runs its worker, when it
-- runs one in-process, on a pool of its own as switchboard_worker.
revoke switchboard_worker from switchboard_server;
grant switchboard_metrics to switchboard_server;
