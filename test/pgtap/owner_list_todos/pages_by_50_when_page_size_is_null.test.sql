-- A null page_size (a caller that passes its own optional value through) pages by the default, 50, as an omitted one.
begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') from generate_series(1, 51);
select switchboard.owner_list_todos(test.owner_of(:'ep'), page_size => null) as p \gset
select is(jsonb_array_length((:'p'::jsonb)->'todos'), 50, 'a null page_size pages by 50');
select isnt((:'p'::jsonb)->'next_cursor', 'null'::jsonb, 'with a cursor to the rest');

select * from finish();
rollback;
