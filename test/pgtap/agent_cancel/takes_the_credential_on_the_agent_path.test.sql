begin;
select plan(3);

select (switchboard.add_owner('canceller'))->>'owner_id' as o \gset
select switchboard.vend_endpoint(:'o'::uuid, 'requester', array['add_todo', 'cancel']) as v \gset
select (switchboard.add_todo(endpoint_id => (:'v'::jsonb->>'endpoint_id')::uuid, queue => 'q'))->>'id' as td \gset

set local role switchboard_agent;
select throws_ok(format('select switchboard_agent.cancel(%L, %L::uuid)', 'sbk_not_a_credential', :'td'), 'SB403', null,
                 'an unknown credential cancels nothing');
select is((switchboard_agent.cancel((:'v'::jsonb)->>'credential', :'td'::uuid))->>'state', 'canceled',
          'the endpoint''s credential cancels its todo');
reset role;
select is((test.todo_row(:'td'))->>'state', 'canceled', 'and the todo is canceled');

select * from finish();
rollback;
