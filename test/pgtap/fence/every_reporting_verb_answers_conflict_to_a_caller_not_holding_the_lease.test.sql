begin;
select plan(17);

-- Holder cases for heartbeat, complete, fail and release: a lapsed lease, a done todo, a pending todo, and a
-- todo the human holds from the Board all answer conflict, and nothing changes.
select test.endpoint() as ep \gset
select test.todo(:'ep') as lapsed \gset
select test.todo(:'ep') as done_td \gset
select test.todo(:'ep') as pending_td \gset
select test.todo(:'ep') as owner_held \gset
select switchboard.claim(:'ep'::uuid, x) from unnest(array[:'lapsed', :'done_td']::uuid[]) x;
select test.lapse(:'lapsed');
select switchboard.complete(:'ep'::uuid, :'done_td'::uuid) as d \gset
select switchboard.owner_claim(test.owner_of(:'ep'), :'owner_held'::uuid) as o \gset

create temporary table verbs (verb text, call text) on commit drop;
insert into verbs values
  ('heartbeat', 'select switchboard.heartbeat(%L::uuid, %L::uuid)'),
  ('complete', 'select switchboard.complete(%L::uuid, %L::uuid)'),
  ('fail', 'select switchboard.fail(%L::uuid, %L::uuid)'),
  ('release', 'select switchboard.release(%L::uuid, %L::uuid)');

select throws_ok(format(call, :'ep', :'lapsed'), 'SB409', null, verb || ': a lapsed lease') from verbs;
select throws_ok(format(call, :'ep', :'done_td'), 'SB409', null, verb || ': a done todo') from verbs;
select throws_ok(format(call, :'ep', :'pending_td'), 'SB409', null, verb || ': a pending todo') from verbs;
select throws_ok(format(call, :'ep', :'owner_held'), 'SB409', null, verb || ': a todo the owner holds') from verbs;
select is(array(select state from switchboard.todos where id in (:'lapsed', :'done_td', :'pending_td', :'owner_held')
                 order by array_position(array[:'lapsed', :'done_td', :'pending_td', :'owner_held']::uuid[], id)),
          array['claimed', 'done', 'pending', 'claimed'], 'no state changed');

select * from finish();
rollback;
