-- metrics: what /metrics exposes, computed now from the ledger. Counters are monotonic (kept by the
-- transitions in attempt_close_counts, so retention never lowers them): attempts_closed by queue
-- and outcome, leases_expired by queue (every attempt closed lease_expired or reaped),
-- claims_admitted (every attempt ever opened) and claims_throttled (refusals over a claim budget),
-- vends_refused_at_cap (vends refused at the cap of live endpoints per owner or team),
-- doorbells_skipped (rings and queued webhook deliveries not made because their endpoint was
-- clocked out). Gauges: todos by queue and state (zeros included), the age of the oldest claimable
-- todo per queue, open leases per queue, webhook_jobs_owed (webhook deliveries whose job waits for
-- room in the notification queue: more than none says a listener holds the queue),
-- notification_queue_usage (how full PostgreSQL's notification queue is, 0 to 1). Queue names are
-- the only text in it. Reads only; scans todos once per gauge. Returns {attempts_closed,
-- leases_expired, todos, oldest_claimable_age_seconds, open_leases, claims_admitted,
-- claims_throttled, vends_refused_at_cap, doorbells_skipped, webhook_jobs_owed,
-- notification_queue_usage}. Errors: none.
--
-- Example: select jsonb_pretty(switchboard.metrics());
create or replace function switchboard.metrics()
returns jsonb
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  with closed as (
    select c.queue, c.outcome, sum(c.n)::bigint as n
      from switchboard.attempt_close_counts c
     group by c.queue, c.outcome
  ), by_state as (
    select x.queue, x.state, count(*)::bigint as n
      from switchboard.todos x
     group by x.queue, x.state
  )
  select jsonb_build_object(
    'attempts_closed', coalesce((select jsonb_agg(jsonb_build_object('queue', c.queue, 'outcome', c.outcome, 'value', c.n)
                                                  order by c.queue, c.outcome) from closed c), '[]'::jsonb),
    'leases_expired', coalesce((select jsonb_agg(jsonb_build_object('queue', l.queue, 'value', l.n) order by l.queue)
                                  from (select c.queue, sum(c.n)::bigint as n from closed c
                                         where c.outcome in ('lease_expired', 'reaped') group by c.queue) l), '[]'::jsonb),
    'todos', coalesce((select jsonb_agg(jsonb_build_object('queue', q.queue, 'state', s.state,
                                                           'value', coalesce(b.n, 0)) order by q.queue, s.state)
                         from (select distinct b.queue from by_state b) q
                        cross join unnest(array['pending', 'claimed', 'done', 'failed', 'canceled']) s(state)
                         left join by_state b on b.queue = q.queue and b.state = s.state), '[]'::jsonb),
    'oldest_claimable_age_seconds',
      coalesce((select jsonb_agg(jsonb_build_object('queue', r.queue, 'value', r.age) order by r.queue)
                  from (select x.queue, extract(epoch from now() - min(x.ready_at))::double precision as age
                          from switchboard.todos x
                         where x.ready_at <= now()
                         group by x.queue) r), '[]'::jsonb),
    'open_leases', coalesce((select jsonb_agg(jsonb_build_object('queue', b.queue, 'value', b.n) order by b.queue)
                               from by_state b where b.state = 'claimed'), '[]'::jsonb),
    -- Every admitted claim opened exactly one attempt, which is now either closed (counted) or open (claimed).
    'claims_admitted', coalesce((select sum(c.n) from closed c), 0)
                       + coalesce((select sum(b.n) from by_state b where b.state = 'claimed'), 0),
    'claims_throttled', (select case when s.is_called then s.last_value else 0 end from switchboard.claims_throttled s),
    'vends_refused_at_cap', (select case when s.is_called then s.last_value else 0 end
                                   from switchboard.vends_refused_at_cap s),
    'doorbells_skipped', (select coalesce(sum(d.n), 0) from switchboard.doorbell_skips d),
    'webhook_jobs_owed', (select count(*) from switchboard.deliveries d where d.job_owed_since is not null),
    'notification_queue_usage', pg_notification_queue_usage())
$$;
