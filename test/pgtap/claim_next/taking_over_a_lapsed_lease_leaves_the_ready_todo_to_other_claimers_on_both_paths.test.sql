-- A second session (dblink) commits an endpoint with a lapsed lease below its cap and a ready todo in queue q. On each
-- of claim_next's paths, that session's claim_next takes over the lapsed lease in a transaction it keeps open; a
-- claimer arriving meanwhile (this session) gets the ready todo: the takeover locked the one todo it claims, not the
-- ready one behind it as well (each pick's second branch runs only when the first found nothing). lock_timeout turns a
-- wait into an error instead of a hang. The committed fixture is deleted at the end.
begin;
select plan(5);

select dblink_connect('other', test.conninfo()) as connected \gset
select ep from dblink('other', 'select test.endpoint(handle => ''lapsed-behind-'' || md5(random()::text))::text') as x(ep text) \gset
select lapsed from dblink('other', format('select test.todo(%L)::text', :'ep')) as x(lapsed text) \gset
select claimed from dblink('other', format('select switchboard.claim(%L, %L)->>''state''', :'ep', :'lapsed')) as x(claimed text) \gset
-- Times an hour back: this session's now() is its transaction's start, earlier than the other session's writes.
select lapsed_at from dblink('other', format($q$update switchboard.todos set lease_expires_at = now() - interval '1 hour',
  head_lease_expires_at = now() - interval '1 hour' where id = %L returning lease_expires_at::text$q$, :'lapsed')) as x(lapsed_at text) \gset
select ready from dblink('other', format($q$select switchboard.add_todo(%L, 'q', run_at => now() - interval '1 hour')->>'id'$q$, :'ep'))
  as x(ready text) \gset

set local lock_timeout = '5s';
create function pg_temp.claim(path text, ep uuid) returns text language plpgsql as $$
begin
  return coalesce((test.claim_next(path, ep))->>'id', 'empty');
exception when others then
  return sqlerrm;
end $$;

-- One queue.
select dblink_exec('other', 'begin') as began \gset
select took from dblink('other', format($q$select test.claim_next('one queue', %L)->>'id'$q$, :'ep')) as x(took text) \gset
savepoint claims;
select pg_temp.claim('one queue', :'ep') as mine \gset
rollback to savepoint claims;
select dblink_exec('other', 'rollback') as rolled_back \gset
select is(:'took'::text, :'lapsed'::text, 'one queue: the other session takes over the lapsed lease');
select is(:'mine'::text, :'ready'::text, 'one queue: meanwhile the ready todo is claimable by another claimer');

-- Any queue.
select dblink_exec('other', 'begin') as began \gset
select took from dblink('other', format($q$select test.claim_next('any queue', %L)->>'id'$q$, :'ep')) as x(took text) \gset
savepoint claims;
select pg_temp.claim('any queue', :'ep') as mine \gset
rollback to savepoint claims;
select dblink_exec('other', 'rollback') as rolled_back \gset
select is(:'took'::text, :'lapsed'::text, 'any queue: the other session takes over the lapsed lease');
select is(:'mine'::text, :'ready'::text, 'any queue: meanwhile the ready todo is claimable by another claimer');

select dblink_exec('other', format($q$
  delete from switchboard.todos where endpoint_id = %1$L;
  delete from switchboard.endpoints where id = %1$L;
  delete from switchboard.owners o where not exists (select 1 from switchboard.endpoints e where e.owner_id = o.id)
                                      and o.handle like 'lapsed-behind-%%'$q$, :'ep')) as deleted \gset
select dblink_disconnect('other') as disconnected \gset
select is((select count(*) from switchboard.todos where endpoint_id = :'ep'), 0::bigint, 'the committed fixture is gone');

select * from finish();
rollback;
