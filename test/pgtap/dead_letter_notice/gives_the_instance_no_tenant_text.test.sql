begin;
select plan(2);

-- The instance's sink is the operator's, not a tenant's: ids, queue, the count and the outcome, no title,
-- claimant, summary, artifact (nor the untrusted-data notice, as it carries no such data).
select test.endpoint() as ep \gset
select switchboard.add_todo(endpoint_id => :'ep', queue => 'builds', title => 'fix arm64', max_attempts => 1)->>'id' as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'run-2') as c \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid, summary => 'tests red on arm64', artifact => 'mcp://cairn/r2') as f \gset
select switchboard.dead_letter_notice(:'td'::uuid, for_instance => true) as n \gset

select is((:'n'::jsonb) #- '{final_attempt,ended_at}',
          jsonb_build_object('todo_id', :'td', 'queue', 'builds', 'attempts_total', 1,
                             'final_attempt', jsonb_build_object('seq', 1, 'outcome', 'failed', 'disposition', 'dead_lettered',
                                                                 'died', false)),
          'ids, queue, count and outcome only');
select ok(position('arm64' in :'n') = 0 and position('run-2' in :'n') = 0 and position('cairn' in :'n') = 0,
          'no tenant text anywhere in it');

select * from finish();
rollback;
