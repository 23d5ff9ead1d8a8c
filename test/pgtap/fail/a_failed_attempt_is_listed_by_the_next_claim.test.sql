begin;
select plan(9);

-- ADR-0039 Confirmation: claim, heartbeat, fail, backoff, re-queue and a second claim produce two attempts,
-- failed then open, and the second claim's response lists the first in prior_attempts.
select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'run-1') as c1 \gset
select switchboard.heartbeat(:'ep'::uuid, :'td'::uuid) as hb \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid, summary => 'tried X; Y broke', artifact => 'mcp://cairn/r1') as f \gset
select test.due(:'td');
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'run-2') as c2 \gset

select is(test.attempt_rows(:'td'), 2::bigint, 'two attempts');
select is((test.attempt_row(:'td', 1))->>'outcome', 'failed', 'the first failed');
select is((test.attempt_row(:'td', 2))->>'ended_at', null, 'the second is open');
select is(jsonb_array_length((:'c2'::jsonb)->'prior_attempts'), 1, 'the second claim lists one prior attempt');
select is((:'c2'::jsonb)#>>'{prior_attempts,0,seq}', '1', 'the first');
select is((:'c2'::jsonb)#>>'{prior_attempts,0,summary}', 'tried X; Y broke', 'with its summary');
select is((:'c2'::jsonb)#>>'{prior_attempts,0,artifact}', 'mcp://cairn/r1', 'its artifact');
select is((:'c2'::jsonb)#>'{prior_attempts,0,died}', 'false'::jsonb, 'not died: it reported');
select isnt((:'c2'::jsonb)#>>'{prior_attempts,0,last_heartbeat_at}', null, 'and its last heartbeat');

select * from finish();
rollback;
