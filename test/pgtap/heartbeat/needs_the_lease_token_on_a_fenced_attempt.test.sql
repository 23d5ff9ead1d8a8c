begin;
select plan(4);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select (switchboard.claim(:'ep'::uuid, :'td'::uuid, require_fence => true, lease_seconds => 10))->>'lease_token' as tok \gset

select throws_ok(format('select switchboard.heartbeat(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB409', null,
                 'no token on a fenced attempt: conflict');
select throws_ok(format('select switchboard.heartbeat(%L::uuid, %L::uuid, lease_token => %L)', :'ep', :'td', md5('x')), 'SB409', null,
                 'a wrong token: conflict');
select lives_ok(format('select switchboard.heartbeat(%L::uuid, %L::uuid, lease_token => %L, lease_seconds => 60)', :'ep', :'td', :'tok'),
                'the right token extends the lease');
select is((test.todo_row(:'td'))->>'lease_expires_at', to_jsonb(now() + interval '60 seconds')->>0, 'to now + 60 s');

select * from finish();
rollback;
