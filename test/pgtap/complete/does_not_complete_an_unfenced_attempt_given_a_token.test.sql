begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset

select throws_ok(format('select switchboard.complete(%L::uuid, %L::uuid, lease_token => %L)', :'ep', :'td', md5('guess')), 'SB409', null,
                 'a token on an unfenced attempt is a conflict');
select is((test.todo_row(:'td'))->>'state', 'claimed', 'the todo stays claimed');

select * from finish();
rollback;
