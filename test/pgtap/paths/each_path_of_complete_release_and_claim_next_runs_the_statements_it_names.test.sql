begin;
select plan(7);

-- The tests that run every rule on both paths of a verb rely on test.paths' names meaning what they say. Counted in
-- this transaction's function statistics: complete and release on 'one statement' end the lease in end_held and never
-- reach hold_agent or end_attempt; on 'the long way' (end_held answering null, as when its one statement matched
-- nothing) they go through hold_agent and end_attempt and still end the lease; end_held is itself again afterwards.
-- claim_next's two paths each claim.
set local track_functions = 'pl';
select test.endpoint() as ep \gset
create temporary table cases (verb text, p text, td uuid) on commit drop;
insert into cases (verb, p) select v, p from (values ('complete'), ('release')) x(v), test.paths(x.v) p;
update cases set td = test.todo(:'ep');
select switchboard.claim(:'ep'::uuid, td) from cases;
create function pg_temp.calls(name text) returns bigint language sql as $$
  select coalesce(sum(calls), 0) from pg_stat_xact_user_functions
   where schemaname = 'switchboard_internal' and funcname = name
$$;
create temporary table ran (verb text, p text, state text, hold_agent bigint, end_attempt bigint) on commit drop;
do $$
declare
  c record;
  v_hold bigint;
  v_end bigint;
  v_state text;
begin
  for c in select * from cases order by verb, p loop
    v_hold := pg_temp.calls('hold_agent');
    v_end := pg_temp.calls('end_attempt');
    if c.verb = 'complete' then
      v_state := (test.complete(c.p, (select endpoint_id from switchboard.todos where id = c.td), c.td))->>'state';
    else
      v_state := (test.release(c.p, (select endpoint_id from switchboard.todos where id = c.td), c.td))->>'state';
    end if;
    insert into ran values (c.verb, c.p, v_state, pg_temp.calls('hold_agent') - v_hold, pg_temp.calls('end_attempt') - v_end);
  end loop;
end $$;

select is((select jsonb_build_array(state, hold_agent, end_attempt) from ran r where r.verb = c.verb and r.p = c.p),
          case when c.p = 'one statement' then jsonb_build_array(case c.verb when 'complete' then 'done' else 'pending' end, 0, 0)
               else jsonb_build_array(case c.verb when 'complete' then 'done' else 'pending' end, 1, 1) end,
          c.verb || ', ' || c.p || ': ' || case when c.p = 'one statement' then 'ended in end_held alone' else 'ended by hold_agent and end_attempt' end)
  from cases c order by c.verb, c.p;
select isnt(pg_get_functiondef('switchboard_internal.end_held(uuid, uuid, text, text, text, jsonb, text, text)'::regprocedure),
            null, 'end_held is back');
select ok(position('with held as' in pg_get_functiondef('switchboard_internal.end_held(uuid, uuid, text, text, text, jsonb, text, text)'::regprocedure)) > 0,
          'as it was: the one statement, not the stand-in');
select test.todo(:'ep', 'q2') from generate_series(1, 2);
select is((select array_agg((test.claim_next(p, :'ep', queue => 'q2'))->>'state' order by p) from test.paths('claim_next') p),
          array['claimed', 'claimed'], 'claim_next: each path claims');

select * from finish();
rollback;
