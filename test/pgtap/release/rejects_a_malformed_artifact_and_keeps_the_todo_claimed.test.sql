begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset

select throws_ok(format('select switchboard.release(%L::uuid, %L::uuid, artifact => %L)', :'ep', :'td', 'mcp://cairn/'), 'SB422', null,
                 'an empty Cairn id is invalid');
select is((test.todo_row(:'td'))->>'state', 'claimed', 'the todo stays claimed');

select * from finish();
rollback;
