-- Clocking one endpoint out drops the doorbell deliveries queued for it and none queued for any other endpoint,
-- another tenant's included: their webhooks still hear of their work.
begin;
select plan(3);

select test.set('webhook_allow_http', 'true');
select test.endpoint() as ep \gset
select test.endpoint() as other \gset
select switchboard.set_endpoint_doorbell_url(test.owner_of(:'ep'), :'ep'::uuid, 'http://127.0.0.1:9/bell') as s \gset
select switchboard.set_endpoint_doorbell_url(test.owner_of(:'other'), :'other'::uuid, 'http://127.0.0.1:9/other') as s \gset
select test.todo(:'ep', 'builds') as a \gset
select test.todo(:'other', 'builds') as b \gset
select is((select count(*) from switchboard.deliveries d where d.endpoint_id = :'other'), 1::bigint,
          'the other endpoint has a delivery queued');

select switchboard.set_endpoint_presence(:'ep'::uuid, false) as o \gset
select is((select count(*) from switchboard.deliveries d where d.endpoint_id = :'ep'), 0::bigint, 'its own is dropped');
select is((select count(*) from switchboard.deliveries d where d.endpoint_id = :'other'), 1::bigint,
          'the other endpoint''s delivery is kept');

select * from finish();
rollback;
