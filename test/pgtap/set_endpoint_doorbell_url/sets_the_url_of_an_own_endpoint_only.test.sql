begin;
select plan(5);

select test.endpoint() as ep \gset
select test.endpoint() as other \gset
select test.owner_of(:'ep') as ow \gset

select is(switchboard.set_endpoint_doorbell_url(:'ow'::uuid, :'ep'::uuid, 'https://bells.example/q'),
          jsonb_build_object('endpoint_id', :'ep', 'doorbell_url', 'https://bells.example/q'), 'the owner sets its endpoint''s doorbell');
select test.todo(:'ep', 'q') as td \gset
select is(switchboard_worker.delivery((select d.id from switchboard.deliveries d where d.endpoint_id = :'ep'))->>'url',
          'https://bells.example/q', 'where the worker rings it');
select is(test.error_of(format('select switchboard.set_endpoint_doorbell_url(%L, %L, %L)', :'ow', :'other', 'https://bells.example/x')),
          test.error_of(format('select switchboard.set_endpoint_doorbell_url(%L, %L, %L)', :'ow', '00000000-0000-4000-8000-000000000000', 'https://bells.example/x'))
            || jsonb_build_object('message', replace(test.error_of(format('select switchboard.set_endpoint_doorbell_url(%L, %L, %L)', :'ow', '00000000-0000-4000-8000-000000000000', 'https://bells.example/x'))->>'message',
                                                   '00000000-0000-4000-8000-000000000000', :'other')),
          'another owner''s endpoint answers like an unknown one');
select test.set('webhook_allow_http', 'true');
select is(switchboard.set_endpoint_doorbell_url(:'ow'::uuid, :'ep'::uuid, 'http://127.0.0.1:8080/bell')->>'doorbell_url',
          'http://127.0.0.1:8080/bell', 'http is accepted when webhook_allow_http is on');
select switchboard.revoke_endpoint(:'ow'::uuid, :'ep'::uuid) as r \gset
select is(switchboard_worker.delivery((select d.id from switchboard.deliveries d where d.endpoint_id = :'ep'))->'url',
          'null'::jsonb, 'a revoked endpoint is rung no more, even by a delivery queued before');

select * from finish();
rollback;
