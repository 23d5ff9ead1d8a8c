begin;
select plan(13);

-- The endpoint's row says revoked, but its leases were left open (a DBA's UPDATE, not revoke_endpoint, which would
-- dead-letter them): the authorization alone must refuse. Every verb, on each of its paths, is forbidden while the
-- endpoint still holds the lease, and nothing changes. claim_next meets a ready todo it could otherwise take.
select test.endpoint() as ep \gset
select test.todo(:'ep') as held \gset
select test.todo(:'ep') as ready \gset
select switchboard.claim(:'ep'::uuid, :'held'::uuid) as c \gset
update switchboard.endpoints set revoked_at = now() where id = :'ep';
create temporary table before on commit drop as
  select t.id, to_jsonb(t) as row from switchboard.todos t where t.endpoint_id = :'ep';

create temporary table calls (what text, statement text) on commit drop;
insert into calls
  select 'complete, ' || p, format('select test.complete(%L, %%L::uuid, %%L::uuid)', p) from test.paths('complete') p
  union all
  select 'release, ' || p, format('select test.release(%L, %%L::uuid, %%L::uuid)', p) from test.paths('release') p
  union all
  select 'claim_next, ' || p, format('select test.claim_next(%L, %%L::uuid)', p) from test.paths('claim_next') p
  union all
  values ('heartbeat', 'select switchboard.heartbeat(%L::uuid, %L::uuid)'),
         ('fail', 'select switchboard.fail(%L::uuid, %L::uuid)'),
         ('claim', 'select switchboard.claim(%L::uuid, %L::uuid)'),
         ('get_todo', 'select switchboard.get_todo(%L::uuid, %L::uuid)'),
         ('list_todos', 'select switchboard.list_todos(%L::uuid)'),
         ('add_todo', 'select switchboard.add_todo(%L::uuid, %L)');

select throws_ok(format(statement, :'ep', case when what = 'claim' then :'ready' else :'held' end), 'SB403', null,
                 what || ': forbidden')
  from calls order by what;
select is((select count(*) from switchboard.todos t join before b on b.id = t.id where to_jsonb(t) = b.row), 2::bigint,
          'the held todo stays claimed under its open attempt, the ready one pending');

select * from finish();
rollback;
