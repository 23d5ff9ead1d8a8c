begin;
select plan(20);

-- Agent ids are unique only within an owner: owners A and B each vend a worker-1, so both hold as agent:worker-1.
-- B names A's todos on every agent verb, on each path a verb has (the one statement and the long way of complete and
-- release, the two pick statements of claim_next). Each answer is the not_found of a never-minted id, and A's todos,
-- leases and attempts are untouched.
select test.endpoint(handle => 'tenant-a', agent_id => 'worker-1') as a \gset
select test.endpoint(handle => 'tenant-b', agent_id => 'worker-1') as b \gset
select test.todo(:'a') as held \gset
select test.todo(:'a') as lapsed \gset
select test.todo(:'a') as ready \gset
select switchboard.claim(:'a'::uuid, :'held'::uuid) as c1 \gset
select switchboard.claim(:'a'::uuid, :'lapsed'::uuid) as c2 \gset
select test.lapse(:'lapsed');
select gen_random_uuid() as never \gset
create temporary table before on commit drop as
  select t.id, to_jsonb(t) - 'updated_at' as row from switchboard.todos t where t.endpoint_id = :'a';

create temporary table calls (what text, statement text) on commit drop;
insert into calls
  select 'complete, ' || p, format('select test.complete(%L, %%L::uuid, %%L::uuid, result => %L)', p, '{"by": "b"}') from test.paths('complete') p
  union all
  select 'release, ' || p, format('select test.release(%L, %%L::uuid, %%L::uuid)', p) from test.paths('release') p
  union all
  values ('heartbeat', 'select switchboard.heartbeat(%L::uuid, %L::uuid)'),
         ('fail', 'select switchboard.fail(%L::uuid, %L::uuid)'),
         ('claim', 'select switchboard.claim(%L::uuid, %L::uuid)'),
         ('get_todo', 'select switchboard.get_todo(%L::uuid, %L::uuid)');

select is(test.error_of(format(statement, :'b', case when what = 'claim' then :'ready' else :'held' end))->>'sqlstate', 'SB404',
          what || ': A''s todo is not_found for B')
  from calls order by what;
select is(replace(test.error_of(format(statement, :'b', case when what = 'claim' then :'ready' else :'held' end))::text,
                  case when what = 'claim' then :'ready' else :'held' end, '<id>'),
          replace(test.error_of(format(statement, :'b', :'never'))::text, :'never', '<id>'),
          what || ': identical to a never-minted id')
  from calls order by what;

-- claim_next: A has a ready todo and a lapsed lease below its cap in queue q; B finds nothing on either path.
select is(test.claim_next(p, :'b'), '{"empty": true}'::jsonb, 'claim_next, ' || p || ': B finds none of A''s todos')
  from test.paths('claim_next') p;

select is((select count(*) from switchboard.todos t join before b on b.id = t.id where to_jsonb(t) - 'updated_at' = b.row),
          3::bigint, 'A''s three todos are as they were: states, holders, leases, results and attempts');
select is((select count(*) from switchboard.todos t where t.endpoint_id = :'b'), 0::bigint, 'and B has no todo');

select * from finish();
rollback;
