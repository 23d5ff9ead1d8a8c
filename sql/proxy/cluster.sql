-- The proxy database of a sharded Switchboard: the surfaces' schemas (the same names as on a shard), the PL/Proxy
-- cluster configuration and the helpers the generated functions use. Run by `switchboard shard init` as a superuser,
-- again on every init (it replaces what it created); the proxy database holds no data of any tenant.

do $$
declare
  r text;
begin
  foreach r in array array['switchboard_agent', 'switchboard_board', 'switchboard_worker', 'switchboard_admin',
                           'switchboard_metrics', 'switchboard_server'] loop
    if not exists (select 1 from pg_roles where rolname = r) then
      execute format('create role %I nologin', r);
    end if;
  end loop;
end
$$;
grant switchboard_agent, switchboard_board, switchboard_metrics to switchboard_server;

create extension if not exists plproxy;

-- The keys survive a new init (below): a new MCP session key would end every session servers issued, and an MCP
-- client does not open a new one by itself.
do $$
begin
  if to_regclass('switchboard_proxy.keys') is not null then
    create temp table kept_keys on commit drop as select * from switchboard_proxy.keys;
  end if;
end
$$;

-- The surfaces are regenerated whole on every init: a changed signature never leaves a stale overload.
drop schema if exists switchboard_agent, switchboard_board, switchboard_metrics, switchboard, switchboard_proxy cascade;
create schema switchboard;
create schema switchboard_agent;
create schema switchboard_board;
create schema switchboard_metrics;
create schema switchboard_proxy;
revoke all on schema switchboard, switchboard_agent, switchboard_board, switchboard_metrics, switchboard_proxy from public;
grant usage on schema switchboard_agent to switchboard_agent;
grant usage on schema switchboard_board to switchboard_board;
grant usage on schema switchboard_metrics to switchboard_metrics;
grant usage on schema switchboard to switchboard_admin;
alter default privileges in schema switchboard, switchboard_agent, switchboard_board, switchboard_metrics, switchboard_proxy
  revoke execute on functions from public;

-- The shards, one row per (cluster, partition): 'switchboard' connects as the surfaces' login (agent, Board,
-- metrics), 'switchboard_admin' as the admin API's. The connection strings may hold a password: readable by no one
-- but this database's owner (the cluster functions are security definer).
create table switchboard_proxy.partitions (
  cluster text not null check (cluster in ('switchboard', 'switchboard_admin')),
  partition integer not null check (partition >= 0),
  connstr text not null,
  -- The same shard as a URL, for the server's doorbell (switchboard_agent.shard_listeners); 'switchboard' only.
  url text,
  primary key (cluster, partition)
);
-- The deployment's logins on its shards, kept by every init (its passwords are the ones running servers use): the
-- surfaces' ('switchboard'), the admin API's, and the servers' LISTEN-only login ('listen'). Named after the
-- deployment (roles are cluster-wide: two deployments in one cluster never share one). Written by `shard init`.
create table switchboard_proxy.logins (
  cluster text primary key check (cluster in ('switchboard', 'switchboard_admin', 'listen')),
  name text not null,
  id text not null,
  login text not null,
  password text not null
);
create table switchboard_proxy.config (
  one boolean primary key default true check (one),
  version integer not null default 1,
  installed_at timestamptz not null default now()
);
insert into switchboard_proxy.config default values;

-- MCP session ids and doorbell signals are signed with keys of the database the server talks to: the proxy's own.
create table switchboard_proxy.keys (
  name text primary key,
  key bytea not null
);
do $$
begin
  if to_regclass('pg_temp.kept_keys') is not null then
    insert into switchboard_proxy.keys select * from pg_temp.kept_keys;
  end if;
end
$$;
insert into switchboard_proxy.keys
select k, sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())) from unnest(array['mcp_session', 'signal']) k
on conflict (name) do nothing;

create schema if not exists plproxy;
create or replace function plproxy.get_cluster_partitions(cluster_name text)
returns setof text
language sql
stable
security definer
set search_path = pg_catalog, pg_temp
as $$
  select p.connstr from switchboard_proxy.partitions p where p.cluster = cluster_name order by p.partition
$$;

create or replace function plproxy.get_cluster_version(cluster_name text)
returns integer
language sql
stable
security definer
set search_path = pg_catalog, pg_temp
as $$
  select c.version from switchboard_proxy.config c
$$;

create or replace function plproxy.get_cluster_config(in cluster_name text, out key text, out val text)
returns setof record
language sql
stable
security definer
set search_path = pg_catalog, pg_temp
as $$
  -- Reconnect now and then, so a restarted shard is found again (connect_timeout is in each connection string).
  values ('connection_lifetime'::text, '1800'::text)
$$;

-- The routing keys. PL/Proxy runs a call on partition key & (partitions - 1); the key is the scope's slot (0..255),
-- read from what the caller presents, never looked up.

-- A secret's slot: sbk_/sbl_/sbs_s<2 hex>_… (shard_secret on the shards). Anything else (an unsharded or malformed
-- secret) goes to partition 0, which refuses it as any shard would: forbidden, the same words.
create function switchboard_proxy.secret_slot(secret text)
returns integer
language sql
immutable
as $$
  select coalesce(('x' || substring(secret from '^[a-z]{3}_s([0-9a-f]{2})_'))::bit(8)::integer, 0)
$$;

-- An id's slot: its first byte (shard_id on the shards); null goes to partition 0.
create function switchboard_proxy.id_slot(id uuid)
returns integer
language sql
immutable
as $$
  select coalesce(get_byte(uuid_send(id), 0), 0)
$$;

-- A handle's slot: where add_owner puts it and owner_login_token finds it (shard_handle_slot on the shards).
create function switchboard_proxy.handle_slot(handle text)
returns integer
language sql
immutable
as $$
  select coalesce(hashtext(lower(handle)) & 255, 0)
$$;

-- A shard's error, raised as the shard raised it (an envelope of sql/proxy/shard.sql answers it as values; '' is
-- none). Should a remote error arrive as PL/Proxy words it (the function, the shard's database name and REMOTE ERROR
-- before the message, "Remote …: " before the detail and hint), those are taken off too. The caller sees the
-- shard's words (so an unknown and a foreign id read the same, as they do unsharded) and never the name of a shard.
create function switchboard_proxy.reraise(state text, message text, detail text, hint text)
returns void
language plpgsql
as $$
declare
  m text := regexp_replace(message, '^\S+\(\d+\): \[[^]]*\] REMOTE [A-Z]+: ', '');
  d text := nullif(regexp_replace(detail, '^Remote detail: ', ''), '');
  h text := nullif(regexp_replace(hint, '^Remote hint: ', ''), '');
begin
  if d is null and h is null then
    raise exception using errcode = state, message = m;
  elsif d is null then
    raise exception using errcode = state, message = m, hint = h;
  elsif h is null then
    raise exception using errcode = state, message = m, detail = d;
  end if;
  raise exception using errcode = state, message = m, detail = d, hint = h;
end;
$$;

-- mcp_session_key (agent), signal_key (agent): the proxy's own keys (see switchboard_proxy.keys).
create function switchboard_agent.mcp_session_key()
returns bytea
language sql
stable
security definer
set search_path = pg_catalog, pg_temp
as $$
  select k.key from switchboard_proxy.keys k where k.name = 'mcp_session'
$$;

create function switchboard_agent.signal_key()
returns bytea
language sql
stable
security definer
set search_path = pg_catalog, pg_temp
as $$
  select k.key from switchboard_proxy.keys k where k.name = 'signal'
$$;

-- metrics documents of every shard, merged into one of the same shape: counters and gauges summed per label set, the
-- oldest claimable age and the notification queue's usage the greatest (each shard's cluster has its own queue, and
-- the fullest is the one that stops NOTIFYs); the labelled arrays ordered by their labels as a shard orders them.
create function switchboard_proxy.merge_metrics(docs jsonb[])
returns jsonb
language sql
immutable
as $$
  with fields as (
    select distinct k.key from unnest(docs) d(doc), jsonb_object_keys(d.doc) k(key)
  ), arrays as (
    select f.key, e.elem - 'value' as labels,
           case when f.key = 'oldest_claimable_age_seconds' then max((e.elem ->> 'value')::double precision)
                else sum((e.elem ->> 'value')::numeric)::double precision end as value
      from fields f, unnest(docs) d(doc), jsonb_array_elements(
             case when jsonb_typeof(d.doc -> f.key) = 'array' then d.doc -> f.key else '[]' end) e(elem)
     group by f.key, e.elem - 'value'
  )
  select jsonb_object_agg(f.key, case
           when (select bool_or(jsonb_typeof(d.doc -> f.key) = 'array') from unnest(docs) d(doc)) then
             coalesce((select jsonb_agg(a.labels || jsonb_build_object('value',
                                          case when f.key = 'oldest_claimable_age_seconds' then to_jsonb(a.value)
                                               else to_jsonb(a.value::numeric) end)
                                        order by a.labels ->> 'queue', a.labels ->> 'outcome', a.labels ->> 'state')
                         from arrays a where a.key = f.key), '[]'::jsonb)
           when f.key = 'notification_queue_usage' then to_jsonb((select max((d.doc ->> f.key)::double precision) from unnest(docs) d(doc)))
           else to_jsonb((select sum((d.doc ->> f.key)::numeric) from unnest(docs) d(doc)))
         end)
    from fields f
$$;

-- One shard's health, as `switchboard shard status` reports it: the class of slots the shard believes it holds (slot &
-- (partitions - 1) = partition), its database, how much it holds, and how many of its rows belong to slots outside
-- that class (an owner by its id or its handle, an endpoint, a team, a todo by its scope): 0 unless something was
-- written behind the proxy's back or a move was cut short. Runs on one partition, so a shard that is down fails only
-- its own row.
create function switchboard_proxy.health(p integer, out partition integer, out partitions integer, out db text,
                                         out owners bigint, out endpoints bigint, out todos bigint, out open_leases bigint,
                                         out misplaced bigint)
language plproxy
as $$
  cluster 'switchboard_admin';
  run on p;
  select (select s.value::integer from switchboard.settings s where s.key = 'shard_partition') as partition,
         (select s.value::integer from switchboard.settings s where s.key = 'shard_partitions') as partitions,
         current_database()::text as db,
         (select count(*) from switchboard.owners) as owners,
         (select count(*) from switchboard.endpoints) as endpoints,
         (select count(*) from switchboard.todos) as todos,
         (select count(*) from switchboard.todos t where t.state = 'claimed') as open_leases,
         (select count(*) from switchboard.owners o
           where get_byte(uuid_send(o.id), 0) & c.mask <> c.part or hashtext(lower(o.handle)) & c.mask <> c.part)
         + (select count(*) from switchboard.endpoints e where get_byte(uuid_send(e.id), 0) & c.mask <> c.part)
         + (select count(*) from switchboard.teams m where get_byte(uuid_send(m.id), 0) & c.mask <> c.part)
         + (select count(*) from switchboard.todos t where get_byte(uuid_send(t.scope_id), 0) & c.mask <> c.part)
           as misplaced
    from (select coalesce((select s.value::integer from switchboard.settings s where s.key = 'shard_partitions'), 1) - 1
                   as mask,
                 coalesce((select s.value::integer from switchboard.settings s where s.key = 'shard_partition'), 0)
                   as part) c;
$$;

-- The handles a shard holds (lower case), for `shard status`: no handle may be on two shards.
create function switchboard_proxy.handles(p integer)
returns setof text
language plproxy
as $$
  cluster 'switchboard_admin';
  run on p;
  select lower(o.handle) from switchboard.owners o;
$$;

-- shard_listeners (server): where the server LISTENs for doorbell rings, which transitions send on their shard: each
-- shard's URL (once per database, in partition order) as the deployment's LISTEN-only login, which holds no role and
-- can call nothing of Switchboard's. Exists only in a proxy database: a server finds out it fronts shards by it. The
-- server's alone (switchboard_server): a login holding only the agent role is refused.
create function switchboard_agent.shard_listeners()
returns setof text
language sql
stable
security definer
set search_path = pg_catalog, pg_temp
as $$
  select u.url from (select p.url, min(p.partition) as first from switchboard_proxy.partitions p
                      where p.cluster = 'switchboard' and p.url is not null group by p.url) u
   order by u.first
$$;
-- (A schema's default privileges cannot take EXECUTE from PUBLIC: revoked here by name.)
revoke execute on function switchboard_agent.shard_listeners() from public;
grant execute on function switchboard_agent.shard_listeners() to switchboard_server;
