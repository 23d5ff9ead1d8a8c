begin;
select plan(4);

select (switchboard.add_owner('vender'))->>'owner_id' as o \gset
select switchboard.vend_endpoint(:'o'::uuid, 'bot') as v \gset
select (:'v'::jsonb)->>'credential' as cred \gset
select (:'v'::jsonb)->>'endpoint_id' as ep \gset

select is((select credential_sha256 from switchboard.endpoints where id = :'ep'), sha256(convert_to(:'cred'::text, 'UTF8')),
          'only the SHA-256 of the credential is stored');
select ok(position(:'cred'::text in (select to_jsonb(e)::text from switchboard.endpoints e where e.id = :'ep')) = 0,
          'the credential itself is stored nowhere');
select is((switchboard.authenticate(:'cred'))->>'endpoint_id', :'ep', 'the credential authenticates its endpoint');
select ok(position(:'cred'::text in switchboard.list_endpoints(:'o'::uuid)::text) = 0, 'listing endpoints never shows it');

select * from finish();
rollback;
