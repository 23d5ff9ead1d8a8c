begin;
select plan(7);

select (switchboard.add_owner('rotor'))->>'owner_id' as owner \gset
select switchboard.vend_endpoint(:'owner'::uuid, 'fleet') as vended \gset
select (:'vended'::jsonb)->>'endpoint_id' as ep, (:'vended'::jsonb)->>'credential' as old_cred \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset

select switchboard.rotate_credential(:'owner'::uuid, :'ep'::uuid) as rotated \gset
select (:'rotated'::jsonb)->>'credential' as new_cred \gset

select is((:'rotated'::jsonb)->>'endpoint_id', :'ep', 'the endpoint keeps its id');
select isnt(:'new_cred'::text, :'old_cred'::text, 'a new credential is returned');
select is((switchboard.authenticate(:'new_cred'))->>'endpoint_id', :'ep', 'the new credential names the same endpoint');
select is((switchboard.authenticate(:'old_cred'))->>'endpoint_id', :'ep', 'the old one still works during the overlap');
select is((select state from switchboard.todos where id = :'td'), 'claimed', 'the claimed todo is still claimed, nothing dead-lettered');
select is((select credential_sha256 from switchboard.endpoints where id = :'ep'), sha256(convert_to(:'new_cred', 'UTF8')),
          'only the new credential''s SHA-256 is stored as current');
select is((switchboard.get_todo(:'ep'::uuid, :'td'::uuid))->>'state', 'claimed', 'the endpoint still sees its todos');

select * from finish();
rollback;
