begin;
select plan(3);

select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 1) as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'run-9') as c \gset
select test.lapse(:'td');
select switchboard.reap() as r \gset
select switchboard.dead_letter_notice(:'td'::uuid) as n \gset

select is((:'n'::jsonb)#>'{final_attempt,died}', 'true'::jsonb, 'a reaped final attempt died');
select is((:'n'::jsonb)#>>'{final_attempt,outcome}', 'reaped', 'outcome reaped');
select is((:'n'::jsonb)#>'{final_attempt,summary}', 'null'::jsonb, 'and left no summary');

select * from finish();
rollback;
