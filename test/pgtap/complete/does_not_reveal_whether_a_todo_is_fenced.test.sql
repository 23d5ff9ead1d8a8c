begin;
select plan(2);

-- Not holding the lease, a wrong fence and a missing fence all answer the same conflict (ids aside).
select test.endpoint() as ep \gset
select test.todo(:'ep') as fenced \gset
select test.todo(:'ep') as plain \gset
select test.todo(:'ep') as lapsed \gset
select switchboard.claim(:'ep'::uuid, :'fenced'::uuid, require_fence => true) as c1 \gset
select switchboard.claim(:'ep'::uuid, :'plain'::uuid) as c2 \gset
select switchboard.claim(:'ep'::uuid, :'lapsed'::uuid) as c3 \gset
select test.lapse(:'lapsed');

select replace(test.error_of(format('select switchboard.complete(%L::uuid, %L::uuid)', :'ep', :'fenced'))::text, :'fenced', '<id>') as e_fenced \gset
select replace(test.error_of(format('select switchboard.complete(%L::uuid, %L::uuid, lease_token => %L)', :'ep', :'plain', md5('t')))::text, :'plain', '<id>') as e_plain \gset
select replace(test.error_of(format('select switchboard.complete(%L::uuid, %L::uuid)', :'ep', :'lapsed'))::text, :'lapsed', '<id>') as e_lapsed \gset

select is(:'e_fenced'::text, :'e_plain', 'no token on a fenced attempt answers as a token on an unfenced one');
select is(:'e_fenced'::text, :'e_lapsed', 'and as a lapsed lease');

select * from finish();
rollback;
