begin;
select plan(2);

select throws_ok(format('select switchboard.claim_next(%L::uuid)', gen_random_uuid()), 'SB403', null, 'an endpoint id that was never vended is forbidden');
select throws_ok(format('select switchboard.add_todo(%L::uuid, %L)', gen_random_uuid(), 'q'), 'SB403', null, 'for every verb');

select * from finish();
rollback;
