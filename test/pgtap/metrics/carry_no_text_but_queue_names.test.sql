begin;
select plan(2);

select test.endpoint() as ep \gset
select switchboard.add_todo(endpoint_id => :'ep', queue => 'builds', title => 'TITLE-SECRET', payload => '{"k": "PAYLOAD-SECRET"}',
                            max_attempts => 1)->>'id' as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'CLAIMANT-SECRET') as c \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid, result => '{"r": "RESULT-SECRET"}', summary => 'SUMMARY-SECRET',
                        artifact => 'mcp://cairn/ARTIFACT-SECRET') as f \gset

select is(test.leaks(switchboard.metrics(), array['TITLE-SECRET', 'PAYLOAD-SECRET', 'CLAIMANT-SECRET', 'RESULT-SECRET',
                                                  'SUMMARY-SECRET', 'ARTIFACT-SECRET', :'ep', :'td']),
          '{}'::text[], 'no title, payload, claimant, result, summary, artifact or id');
select is((select array_agg(distinct v order by v) from jsonb_array_elements(switchboard.metrics()->'attempts_closed') e,
                  lateral (values (e->>'queue'), (e->>'outcome')) s(v)),
          array['builds', 'failed'], 'only queue names and outcomes as labels');

select * from finish();
rollback;
