begin;
select plan(2);

select test.endpoint(handle => 'alice') as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep', :'td') \gset

select throws_ok(format('select switchboard.owner_release(%L, %L)', :'ow', :'td'), 'SB409', null, 'an agent''s lease is conflict');
select is((select owner from switchboard.todos where id = :'td'), 'agent:' || (select agent_id from switchboard.endpoints where id = :'ep'),
          'the agent still holds it');

select * from finish();
rollback;
