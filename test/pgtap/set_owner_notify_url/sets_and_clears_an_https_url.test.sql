begin;
select plan(7);

select test.endpoint() as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.todo(:'ep', max_attempts => 1) as td \gset

select is(switchboard.set_owner_notify_url(:'ow'::uuid, 'https://hooks.example/dead?k=1'),
          jsonb_build_object('owner_id', :'ow', 'notify_url', 'https://hooks.example/dead?k=1'), 'an https URL is set');
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid) as f \gset
select is(switchboard_worker.delivery((select d.id from switchboard.deliveries d where d.todo_id = :'td'))->>'url',
          'https://hooks.example/dead?k=1', 'and is where the owner''s dead letters go');
select throws_ok(format('select switchboard.set_owner_notify_url(%L, %L)', :'ow', 'http://hooks.example/dead'), 'SB422', null,
                 'plain http is invalid');
select throws_ok(format('select switchboard.set_owner_notify_url(%L, %L)', :'ow', 'https://user:pw@hooks.example/'), 'SB422', null,
                 'user info is invalid');
select throws_ok(format('select switchboard.set_owner_notify_url(%L, %L)', :'ow', 'ftp://hooks.example/'), 'SB422', null,
                 'another scheme is invalid');
select throws_ok(format('select switchboard.set_owner_notify_url(%L, %L)', gen_random_uuid(), 'https://hooks.example/'), 'SB404', null,
                 'an unknown owner is not_found');
select is(switchboard.set_owner_notify_url(:'ow'::uuid, null)->'notify_url', 'null'::jsonb, 'null clears it');

select * from finish();
rollback;
