-- clock_in needs the verb clock_in: an endpoint that holds only clock_out cannot clock itself in (forbidden, nothing
-- changes), and one that holds only clock_in can, by endpoint id and by credential.
begin;
select plan(4);

select test.endpoint(array['clock_out']) as outonly \gset
select test.endpoint(array['clock_in']) as inonly \gset
select switchboard.set_endpoint_presence(e, false) from unnest(array[:'outonly', :'inonly']::uuid[]) e;
select switchboard.rotate_credential(test.owner_of(:'outonly'), :'outonly'::uuid, 0)->>'credential' as out_cred \gset
select switchboard.rotate_credential(test.owner_of(:'inonly'), :'inonly'::uuid, 0)->>'credential' as in_cred \gset

select throws_ok(format('select switchboard.clock_in(%L::uuid)', :'outonly'), 'SB403', null,
                 'an endpoint with clock_out only is forbidden to clock in');
select is(switchboard.clock_in(:'inonly'::uuid)->'clocked_in', 'true'::jsonb, 'one with clock_in only clocks in');
set local role switchboard_agent;
select throws_ok(format('select switchboard_agent.clock_in(%L)', :'out_cred'), 'SB403', null,
                 'by credential too');
reset role;
select is((select e.clocked_in from switchboard.endpoints e where e.id = :'outonly'), false, 'and it stays clocked out');

select * from finish();
rollback;
