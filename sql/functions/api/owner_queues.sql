-- owner_queues: the Board's queue overview, per queue of the owner's scopes. Each queue name of its
-- endpoints' personal todos, and each of its teams' (a team's queue named apart by its team).
-- Counts by state, dead letters, scheduled retries, the agents whose endpoints added to the queue,
-- the oldest claimable todo with its age in seconds, and the queue's controls ({paused,
-- max_claimed, claims_per_minute}, or null when none is set: pause_queue, set_queue_limits). Reads
-- only. Returns {queues: [{queue, team, agents, counts, total, dead_letters, retries_scheduled,
-- oldest_claimable_at, oldest_claimable_age_seconds, controls}], as_of}. Errors: none.
--
-- Example: select switchboard.owner_queues(owner_id => '<owner_id>');
create or replace function switchboard.owner_queues(owner_id uuid)
returns jsonb
language plpgsql
stable
security definer
-- Planned with the owner's scopes as values: one generic plan, blind to which scope it reads, would scan the whole
-- table for an owner whose few todos sit beside another tenant's many (0.2 s a page beside 370,000), while the
-- statistics say at once that a small scope is a few rows to fetch by its index and a huge one a table to scan.
set plan_cache_mode = force_custom_plan
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_scopes uuid[] := array(select s.id from switchboard_internal.owner_scopes(owner_id) s(id));
  v_doc jsonb;
begin
  select jsonb_build_object(
    'queues', coalesce(jsonb_agg(q.doc order by q.queue, q.team_name nulls first, q.team_id), '[]'::jsonb),
    'as_of', switchboard_internal.ts(now()))
    into v_doc
  from (
    select x.queue, x.team_id, t.name as team_name,
           jsonb_build_object(
             'queue', x.queue,
             'team', case when x.team_id is not null then jsonb_build_object('id', x.team_id, 'name', t.name) end,
             'agents', to_jsonb(array_agg(distinct e.agent_id order by e.agent_id)),
             'counts', jsonb_build_object(
               'pending', count(*) filter (where x.state = 'pending'),
               'claimed', count(*) filter (where x.state = 'claimed'),
               'done', count(*) filter (where x.state = 'done'),
               'failed', count(*) filter (where x.state = 'failed'),
               'canceled', count(*) filter (where x.state = 'canceled')),
             'total', count(*),
             'dead_letters', count(*) filter (where x.state = 'failed' and x.next_retry_at is null),
             'retries_scheduled', count(*) filter (where x.state = 'failed' and x.next_retry_at is not null),
             'oldest_claimable_at', switchboard_internal.ts(min(x.ready_at) filter (where x.ready_at <= now())),
             'oldest_claimable_age_seconds',
               floor(extract(epoch from now() - min(x.ready_at) filter (where x.ready_at <= now())))::bigint,
             'controls', (select jsonb_build_object('paused', c.paused, 'max_claimed', c.max_claimed,
                                                    'claims_per_minute', c.claims_per_minute)
                            from switchboard.queue_controls c
                           where c.queue = x.queue and c.holder_id = coalesce(x.team_id, owner_id))
           ) as doc
      from switchboard.todos x
      join switchboard.endpoints e on e.id = x.endpoint_id
      left join switchboard.teams t on t.id = x.team_id
     where x.scope_id = any (v_scopes)
     group by x.queue, x.team_id, t.name
  ) q;
  return v_doc;
end;
$$;
