begin;
select plan(2);

select test.endpoint(handle => 'alice') as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep', :'td', lease_seconds => 60) as c \gset

select throws_ok(format('select switchboard.owner_extend(%L, %L, 3600)', :'ow', :'td'), 'SB409', null, 'an agent''s lease is conflict');
select is((select lease_expires_at from switchboard.todos where id = :'td'), now() + interval '60 seconds', 'its lease is unchanged');

select * from finish();
rollback;
