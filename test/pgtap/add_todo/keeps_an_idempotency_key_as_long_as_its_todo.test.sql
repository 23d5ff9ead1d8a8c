-- A key lasts as long as its todo: while the todo is there (done included) the key answers it; once prune deletes the
-- todo, its key goes with it and the same key files a new todo.
begin;
select plan(4);

select test.endpoint() as ep \gset
select switchboard.add_todo(:'ep'::uuid, 'q', idempotency_key => 'k') ->> 'id' as first \gset
select switchboard.claim(:'ep'::uuid, :'first'::uuid) is not null as claimed \gset
select switchboard.complete(:'ep'::uuid, :'first'::uuid) is not null as done \gset
select is(switchboard.add_todo(:'ep'::uuid, 'q', idempotency_key => 'k') ->> 'id', :'first', 'a done todo''s key still answers it');
update switchboard.todos set updated_at = now() - interval '40 days' where id = :'first';
select is(switchboard.prune(max_age => interval '30 days'), 1, 'prune deletes the old done todo');
select is((select count(*) from switchboard.todo_keys where todo_id = :'first'), 0::bigint, 'and its key with it');
select isnt(switchboard.add_todo(:'ep'::uuid, 'q', idempotency_key => 'k') ->> 'id', :'first', 'the key now files a new todo');

select * from finish();
rollback;
