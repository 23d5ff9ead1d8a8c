begin;
select plan(5);

select test.endpoint(handle => 'alice') as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.todo(:'ep') as plain \gset
select test.todo(:'ep') as fenced \gset
select switchboard.claim(:'ep', :'plain') \gset
select switchboard.claim(:'ep', :'fenced', require_fence => true) \gset

select throws_ok(format('select switchboard.owner_complete(%L, %L)', :'ow', :'plain'), 'SB409', null, 'an agent''s unfenced lease is conflict');
select throws_ok(format('select switchboard.owner_complete(%L, %L)', :'ow', :'fenced'), 'SB409', null, 'an agent''s fenced lease is conflict');
select throws_ok(format('select switchboard.owner_fail(%L, %L)', :'ow', :'plain'), 'SB409', null, 'Fail too');
select is((select array_agg(state order by state) from switchboard.todos where id in (:'plain', :'fenced')),
          array['claimed', 'claimed'], 'both stay claimed');
select is((select count(*) from switchboard.todo_attempts where todo_id in (:'plain', :'fenced') and ended_at is null),
          2::bigint, 'both attempts stay open');

select * from finish();
rollback;
