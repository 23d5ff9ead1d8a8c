begin;
select plan(2);

-- A todo the human holds from the Board (owner set to the human, claimer_kind owner) is not the agent's to close.
select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.owner_claim(test.owner_of(:'ep'), :'td'::uuid) as c \gset

select throws_ok(format('select switchboard.complete(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB409', null,
                 'the agent cannot complete a todo the owner holds');
select is((test.todo_row(:'td'))->>'state', 'claimed', 'it stays claimed');

select * from finish();
rollback;
