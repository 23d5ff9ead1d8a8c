begin;
select plan(6);

select test.endpoint() as ep \gset
select switchboard.add_todo(endpoint_id => :'ep', queue => 'builds', title => 'fix arm64', max_attempts => 2)->>'id' as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'run-1'), switchboard.fail(:'ep'::uuid, :'td'::uuid, summary => 'first');
select test.due(:'td');
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'run-2') as c \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid, summary => 'tests red on arm64', artifact => 'mcp://cairn/r2') as f \gset
select switchboard.dead_letter_notice(:'td'::uuid) as n \gset

select is(((:'n'::jsonb) - 'final_attempt') - 'notice',
          jsonb_build_object('todo_id', :'td', 'queue', 'builds', 'title', 'fix arm64', 'attempts_total', 2),
          'the todo: id, queue, title and the attempt count');
select is(((:'n'::jsonb)->'final_attempt') - 'ended_at',
          jsonb_build_object('seq', 2, 'outcome', 'failed', 'disposition', 'dead_lettered', 'died', false, 'claimant', 'run-2',
                             'summary', 'tests red on arm64', 'summary_truncated', false, 'artifact', 'mcp://cairn/r2'),
          'the final attempt: seq, outcome, disposition, claimant, summary and artifact');
select is(((:'n'::jsonb)#>>'{final_attempt,ended_at}')::timestamptz, ((test.attempt_row(:'td', 2))->>'ended_at')::timestamptz,
          'and when it ended');
select is((:'n'::jsonb)->>'notice', switchboard_internal.notice(), 'with the untrusted-data notice every read of attempts carries');
select is(switchboard.dead_letter_notice(:'td'::uuid, 2), :'n'::jsonb, 'naming the seq reads the same attempt');
select throws_ok(format('select switchboard.dead_letter_notice(%L, 1)', :'td'), 'SB404', null,
                 'an attempt that did not dead-letter is not_found');

select * from finish();
rollback;
