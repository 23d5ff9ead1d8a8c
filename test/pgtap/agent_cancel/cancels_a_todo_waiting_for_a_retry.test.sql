begin;
select plan(3);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.fail(endpoint_id => :'ep'::uuid, todo_id => :'td'::uuid, summary => 'flaky') as f \gset
select switchboard.agent_cancel(:'ep'::uuid, :'td'::uuid) as x \gset

select is((:'f'::jsonb)->>'dead_letter', 'false', 'the todo was waiting for its retry');
select is((:'x'::jsonb)->>'state', 'canceled', 'it is canceled');
select is((:'x'::jsonb)->>'next_retry_at', null, 'and no retry is scheduled any more');

select * from finish();
rollback;
