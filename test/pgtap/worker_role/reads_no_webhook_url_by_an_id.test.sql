-- As switchboard_worker alone, no id yields an owner's or an endpoint's webhook URL (which may carry a secret): only
-- a delivery its job names does, and only its own.
begin;
select plan(5);

select test.set('webhook_allow_http', 'true');
select test.endpoint() as ep \gset
select test.owner_of(:'ep') as ow \gset
select switchboard.set_owner_notify_url(:'ow'::uuid, 'https://hooks.example/dead?token=s3cret') as s \gset
select switchboard.set_endpoint_doorbell_url(:'ow'::uuid, :'ep'::uuid, 'https://bells.example/wake?token=s3cret') as b \gset
select test.todo(:'ep') as td \gset
select (q->'payload'->>'delivery_id') as bell from test.queued('switchboard_doorbell_webhook') q \gset

set local role switchboard_worker;
select throws_ok(format('select switchboard_worker.webhook_target(%L, %L::uuid)', 'owner_notify', :'td'), null, null,
                 'the worker has no read of an owner''s URL by a todo id');
select throws_ok(format('select switchboard_worker.webhook_target(%L, %L::uuid)', 'endpoint_doorbell', :'ep'), null, null,
                 'nor of an endpoint''s by its id');
select throws_ok(format('select switchboard_worker.delivery(%L::uuid)', :'ep'), 'SB404', null, 'an endpoint id is no delivery');
select throws_ok(format('select switchboard_worker.delivery(%L::uuid)', :'ow'), 'SB404', null, 'nor an owner id');
select is(switchboard_worker.delivery(:'bell'::uuid)->>'url', 'https://bells.example/wake?token=s3cret',
          'the doorbell delivery its job names reads its URL');
reset role;

select * from finish();
rollback;
