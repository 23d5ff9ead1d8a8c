begin;
select plan(9);

select test.endpoint() as ep \gset
select test.owner_of(:'ep') as owner \gset
select test.todo(:'ep') from generate_series(1, 3);

select switchboard.owner_list_todos(:'owner'::uuid, page_size => 2) as p1 \gset
select is(jsonb_array_length((:'p1'::jsonb)->'todos'), 2, 'the first page holds page_size todos');
select ok((:'p1'::jsonb)->>'next_cursor' !~ '\s', 'next_cursor is one token');
select switchboard.owner_list_todos(:'owner'::uuid, page_size => 2, cursor => (:'p1'::jsonb)->>'next_cursor') as p2 \gset
select is(jsonb_array_length((:'p2'::jsonb)->'todos'), 1, 'the next page holds the rest');
select is((:'p2'::jsonb)->'next_cursor', 'null'::jsonb, 'and ends the list');
-- A page that holds exactly the rest is the last: no cursor to an empty page.
select switchboard.owner_list_todos(:'owner'::uuid, page_size => 3) as whole \gset
select is(jsonb_array_length((:'whole'::jsonb)->'todos'), 3, 'a page_size of exactly the count holds them all');
select is((:'whole'::jsonb)->'next_cursor', 'null'::jsonb, 'and has no next_cursor');

-- Forged cursors: not base64, base64 of an impossible time, base64 of an impossible id. All invalid, never a raw error.
select throws_ok(format('select switchboard.owner_list_todos(%L::uuid, cursor => %L)', :'owner', '!!!'), 'SB422', null, 'not base64 is invalid');
select throws_ok(format('select switchboard.owner_list_todos(%L::uuid, cursor => %L)', :'owner',
                        encode(convert_to('2026-99-99T00:00:00.000000Z ' || gen_random_uuid(), 'UTF8'), 'base64')),
                 'SB422', null, 'an impossible time is invalid');
select throws_ok(format('select switchboard.owner_list_todos(%L::uuid, page_size => 0)', :'owner'), 'SB422', null, 'page_size 0 is invalid');

select * from finish();
rollback;
