begin;
select plan(8);

select test.endpoint(handle => 'board-role-owner') as ep \gset
select test.owner_of(:'ep') as ow \gset
set local role switchboard_board;
select throws_ok($$select switchboard.owner_login_token('board-role-owner')$$, '42501', null, 'minting a login token is permission denied');
select throws_ok(format('select switchboard.vend_endpoint(%L::uuid, %L)', :'ow', 'backdoor'), '42501', null, 'vending is permission denied');
select throws_ok(format('select switchboard.rotate_credential(%L::uuid, %L::uuid)', :'ow', :'ep'), '42501', null, 'rotating is permission denied');
select throws_ok(format('select switchboard.revoke_endpoint(%L::uuid, %L::uuid)', :'ow', :'ep'), '42501', null, 'revoking is permission denied');
select throws_ok(format('select switchboard.set_owner_notify_url(%L::uuid, %L)', :'ow', 'https://evil.example/x'), '42501', null,
                 'setting the owner''s notify_url is permission denied');
select throws_ok(format('select switchboard.set_endpoint_doorbell_url(%L::uuid, %L::uuid, %L)', :'ow', :'ep', 'https://evil.example/x'),
                 '42501', null, 'setting an endpoint''s doorbell_url is permission denied');
reset role;
select ok(not exists (select 1 from switchboard.endpoints e where e.owner_id = :'ow'::uuid and e.agent_id = 'backdoor'),
          'and no endpoint was vended');
select is((select e.revoked_at from switchboard.endpoints e where e.id = :'ep'::uuid), null, 'nor revoked');

select * from finish();
rollback;
