-- A second session (dblink) commits an endpoint and its todos in queue q: a lapsed lease below its cap, and ready todos
-- of priority 10, 5 and 1. It then holds the lapsed one and the priority-10 one locked in an open transaction, as a
-- concurrent claim_next would. On each of claim_next's paths (one queue, any queue) this session does not wait for
-- those locks (FOR UPDATE SKIP LOCKED): it claims the best todo nobody holds. lock_timeout turns a wait into an
-- error, so a pick that waits fails the test instead of hanging it. The committed fixture is deleted at the end.
begin;
select plan(5);

select dblink_connect('other', test.conninfo()) as connected \gset
select ep from dblink('other', 'select test.endpoint(handle => ''skip-locked-'' || md5(random()::text))::text') as x(ep text) \gset
select lapsed from dblink('other', format('select test.todo(%L)::text', :'ep')) as x(lapsed text) \gset
select claimed from dblink('other', format('select switchboard.claim(%L, %L)->>''state''', :'ep', :'lapsed')) as x(claimed text) \gset
-- Times an hour back: this session's now() is its transaction's start, earlier than the other session's writes.
select lapsed_at from dblink('other', format($q$update switchboard.todos set lease_expires_at = now() - interval '1 hour',
  head_lease_expires_at = now() - interval '1 hour' where id = %L returning lease_expires_at::text$q$, :'lapsed')) as x(lapsed_at text) \gset
select best, second, third from dblink('other', format($q$
  select (switchboard.add_todo(%1$L, 'q', priority => 10, run_at => now() - interval '1 hour')->>'id'),
         (switchboard.add_todo(%1$L, 'q', priority => 5, run_at => now() - interval '1 hour')->>'id'),
         (switchboard.add_todo(%1$L, 'q', priority => 1, run_at => now() - interval '1 hour')->>'id')$q$, :'ep'))
  as x(best text, second text, third text) \gset
select dblink_exec('other', 'begin') as began \gset
select locked from dblink('other', format('select count(*)::int from (select from switchboard.todos where id in (%L, %L) for update) l',
                                          :'lapsed', :'best')) as x(locked int) \gset

select is(:locked, 2, 'the other session holds the lapsed lease and the best ready todo locked');

set local lock_timeout = '5s';
savepoint claims;
create function pg_temp.claim(path text, ep uuid) returns jsonb language plpgsql as $$
begin
  return jsonb_build_object('id', (test.claim_next(path, ep))->>'id');
exception when others then
  return jsonb_build_object('error', sqlerrm);
end $$;
select pg_temp.claim('one queue', :'ep') as one \gset
select pg_temp.claim('any queue', :'ep') as any \gset
select is(:'one'::jsonb, jsonb_build_object('id', :'second'), 'one queue: the best todo nobody holds, without waiting');
select is(:'any'::jsonb, jsonb_build_object('id', :'third'), 'any queue: the next one, without waiting');
select is((select state from switchboard.todos where id = :'lapsed'), 'claimed', 'the locked lapsed lease was left to its holder');
rollback to savepoint claims;

select dblink_exec('other', 'rollback') as rolled_back \gset
select dblink_exec('other', format($q$
  delete from switchboard.todos where endpoint_id = %1$L;
  delete from switchboard.endpoints where id = %1$L;
  delete from switchboard.owners o where not exists (select 1 from switchboard.endpoints e where e.owner_id = o.id)
                                      and o.handle like 'skip-locked-%%'$q$, :'ep')) as deleted \gset
select dblink_disconnect('other') as disconnected \gset
select is((select count(*) from switchboard.todos where endpoint_id = :'ep'), 0::bigint, 'the committed fixture is gone');

select * from finish();
rollback;
