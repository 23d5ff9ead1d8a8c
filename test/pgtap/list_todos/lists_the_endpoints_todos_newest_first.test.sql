begin;
select plan(3);

select test.endpoint() as ep \gset
select test.endpoint() as other \gset
select test.todo(:'ep') as t1 \gset
select test.todo(:'ep') as t2 \gset
select test.todo(:'ep') as t3 \gset
select test.todo(:'other') as foreign_td \gset
-- One transaction has one now(): spread created_at so that "newest" means something.
update switchboard.todos set created_at = now() - interval '3 minutes' where id = :'t1';
update switchboard.todos set created_at = now() - interval '1 minute' where id = :'t2';
update switchboard.todos set created_at = now() - interval '2 minutes' where id = :'t3';
select switchboard.list_todos(:'ep'::uuid) as l \gset

select is(array(select x->>'id' from jsonb_array_elements((:'l'::jsonb)->'todos') x), array[:'t2', :'t3', :'t1'],
          'the endpoint''s todos, newest first, and no other endpoint''s');
select is((:'l'::jsonb)->>'next_cursor', null, 'a single page has no next_cursor');
select ok(not ((:'l'::jsonb)#>'{todos,0}' ? 'payload'), 'list items are todos without payload');

select * from finish();
rollback;
