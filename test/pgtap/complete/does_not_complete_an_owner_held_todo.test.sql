begin;
select plan(2);

-- A todo the human holds from the Board (owner set to the human, claimer_kind owner) is not the agent's to close.
select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
update switchboard.todos set owner = 'owner:alice' where id = :'td';
update switchboard.todo_attempts set claimer_kind = 'owner', owner_id = test.owner_of(:'ep'), owner = 'owner:alice'
 where todo_id = :'td';

select throws_ok(format('select switchboard.complete(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB409', null,
                 'the agent cannot complete a todo the owner holds');
select is((test.todo_row(:'td'))->>'state', 'claimed', 'it stays claimed');

select * from finish();
rollback;
