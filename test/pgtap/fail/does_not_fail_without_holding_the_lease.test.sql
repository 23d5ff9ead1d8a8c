begin;
select plan(4);

select test.endpoint() as ep \gset
select test.todo(:'ep') as pending_td \gset
select test.todo(:'ep') as fenced \gset
select switchboard.claim(:'ep'::uuid, :'fenced'::uuid, require_fence => true) as c \gset

select throws_ok(format('select switchboard.fail(%L::uuid, %L::uuid)', :'ep', :'pending_td'), 'SB409', null, 'a pending todo: conflict');
select throws_ok(format('select switchboard.fail(%L::uuid, %L::uuid)', :'ep', :'fenced'), 'SB409', null, 'a fenced attempt without its token: conflict');
select throws_ok(format('select switchboard.fail(%L::uuid, %L::uuid, lease_token => %L)', :'ep', :'fenced', md5('x')), 'SB409', null, 'a wrong token: conflict');
select is((test.todo_row(:'fenced'))->>'state', 'claimed', 'the fenced todo stays claimed');

select * from finish();
rollback;
