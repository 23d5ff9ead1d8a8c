begin;
select plan(7);

select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 3) as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid, result => '{"err": "red"}', summary => 'tests red') as f \gset

select is((:'f'::jsonb)->>'state', 'failed', 'the todo is failed');
select isnt((:'f'::jsonb)->>'next_retry_at', null, 'with a retry scheduled');
select is((:'f'::jsonb)->'dead_letter', 'false'::jsonb, 'it is not a dead letter');
select is((:'f'::jsonb)->>'owner', null, 'nobody holds it');
select is((test.attempt_row(:'td', 1))->>'outcome', 'failed', 'the attempt closes failed');
select is((test.attempt_row(:'td', 1))->>'disposition', 'retry_scheduled', 'with disposition retry_scheduled');
select is((test.todo_row(:'td'))->'result', '{"err": "red"}'::jsonb, 'result is stored on the todo');

select * from finish();
rollback;
