begin;
select plan(10);

-- Lapsed leases in the team's scope are the team's to settle: T's second worker held two team todos and let both
-- lapse, one on its last attempt (lapsed earlier) and one below its cap. T's worker's claim_next, on each of its two
-- pick statements (a team queue, every queue), dead-letters the first as the reaper would (reaped/dead_lettered) and
-- takes the second over (its lapsed attempt closed lease_expired), opening its own attempt.
select test.team() as f \gset
select (:'f'::jsonb)->>'team' as team, (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w, (:'f'::jsonb)->>'admin' as a \gset
select switchboard.vend_endpoint(owner_id => :'a'::uuid, agent_id => 'worker-2', verbs => null, team_id => :'team'::uuid)->>'endpoint_id' as w3 \gset
create temporary table claims (path text, below_cap uuid, at_cap uuid, doc jsonb) on commit drop;

-- Two held, lapsed team todos, the one at its cap lapsed first; then T's worker claims next on a path.
create function pg_temp.run(path text, r uuid, w uuid, w3 uuid) returns void language plpgsql as $$
declare
  v_below uuid := test.todo(r, 'tq', max_attempts => 5);
  v_at uuid := test.todo(r, 'tq', max_attempts => 1);
begin
  perform switchboard.claim(w3, v_below);
  perform switchboard.claim(w3, v_at);
  perform test.lapse(v_below);
  perform test.lapse(v_at);
  update switchboard.todos t set lease_expires_at = now() - interval '2 seconds', head_lease_expires_at = now() - interval '2 seconds'
   where t.id = v_at;
  insert into claims values (path, v_below, v_at, test.claim_next(path, w, 'tq'));
end;
$$;
select pg_temp.run(p, :'r', :'w', :'w3') from test.paths('claim_next') p;

select is(doc->>'id', below_cap::text, path || ': takes over the lapsed lease below its cap') from claims order by path;
select is(test.attempt_row(below_cap, 1)->>'outcome', 'lease_expired', path || ': the second worker''s attempt closed lease_expired')
  from claims order by path;
select is(test.attempt_row(below_cap, 2)->>'endpoint_id', :'w', path || ': the new attempt is the worker''s') from claims order by path;
select is((test.todo_row(at_cap))->>'state' || '/' || coalesce((test.todo_row(at_cap))->>'next_retry_at', 'none'), 'failed/none',
          path || ': the lapsed last attempt is a dead letter') from claims order by path;
select is((test.attempt_row(at_cap, 1)->>'outcome') || '/' || (test.attempt_row(at_cap, 1)->>'disposition'), 'reaped/dead_lettered',
          path || ': closed with the reaper''s pair') from claims order by path;

select * from finish();
rollback;
