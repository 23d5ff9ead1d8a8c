-- An endpoint is clocked in from its vending, since then; set_endpoint_presence clocks it out and back in, moving
-- presence_since only when presence changes; a revoked endpoint is a conflict, an unknown one not_found, null invalid.
begin;
select plan(9);

select test.endpoint() as ep \gset
select is((select jsonb_build_object('in', e.clocked_in, 'since_vend', e.presence_since = e.created_at)
             from switchboard.endpoints e where e.id = :'ep'),
          '{"in": true, "since_vend": true}'::jsonb, 'a new endpoint is clocked in, since it was vended');

-- Vended an hour ago (as the transaction's now() is also its vending time, "since now" could not tell otherwise).
update switchboard.endpoints e set presence_since = now() - interval '1 hour' where e.id = :'ep';
select switchboard.set_endpoint_presence(:'ep'::uuid, false) as out \gset
select is((:'out'::jsonb) - 'presence_since' - 'agent_id', jsonb_build_object('endpoint_id', :'ep', 'clocked_in', false, 'changed', true),
          'clocked out');
select is(((:'out'::jsonb)->>'presence_since')::timestamptz, now(), 'since now');
update switchboard.endpoints e set presence_since = now() - interval '1 minute' where e.id = :'ep';
select is(switchboard.set_endpoint_presence(:'ep'::uuid, false) - 'agent_id',
          jsonb_build_object('endpoint_id', :'ep', 'clocked_in', false, 'changed', false,
                             'presence_since', switchboard_internal.ts(now() - interval '1 minute')),
          'clocking out again changes nothing, presence_since included');
update switchboard.endpoints e set presence_since = ((:'out'::jsonb)->>'presence_since')::timestamptz where e.id = :'ep';
select is((switchboard.list_endpoints(test.owner_of(:'ep'))->'endpoints'->0) - 'verbs' - 'created_at' - 'agent_id' - 'revoked_at' - 'default_queue' - 'todos_stored',
          jsonb_build_object('endpoint_id', :'ep', 'clocked_in', false, 'presence_since', (:'out'::jsonb)->'presence_since'),
          'list_endpoints shows presence and since when');
select is(switchboard.set_endpoint_presence(:'ep'::uuid, true)->'clocked_in', 'true'::jsonb, 'and back in');

select throws_ok(format('select switchboard.set_endpoint_presence(%L::uuid, null)', :'ep'), 'SB422', null, 'null is invalid');
select throws_ok(format('select switchboard.set_endpoint_presence(%L::uuid, false)', gen_random_uuid()), 'SB404', null, 'an unknown endpoint is not_found');
select switchboard.revoke_endpoint(test.owner_of(:'ep'), :'ep'::uuid) as r \gset
select throws_ok(format('select switchboard.set_endpoint_presence(%L::uuid, false)', :'ep'), 'SB409', null, 'a revoked one is a conflict');

select * from finish();
rollback;
