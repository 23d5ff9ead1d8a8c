begin;
select plan(3);

-- ADR-0039 Confirmation: on a fenced attempt, complete with no token is conflict and the todo stays claimed.
select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, require_fence => true) as c \gset

select throws_ok(format('select switchboard.complete(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB409', null,
                 'complete without the token is a conflict');
select is((test.todo_row(:'td'))->>'state', 'claimed', 'the todo stays claimed');
select is((test.attempt_row(:'td', 1))->>'ended_at', null, 'its attempt stays open');

select * from finish();
rollback;
