begin;
select plan(20);

-- An endpoint vended only claim and add_todo holds a lease: every verb it was not vended is forbidden on each of
-- the verb's paths, though the todo is its own and its lease live, and nothing changes. An endpoint vended claim_next
-- but not claim may claim_next on both paths and not claim; one vended complete and release but not heartbeat or
-- fail may complete and release on both paths and do neither of the others.
select test.endpoint(array['add_todo', 'claim']) as ep \gset
select test.todo(:'ep') as held \gset
select test.todo(:'ep') as ready \gset
select switchboard.claim(:'ep'::uuid, :'held'::uuid) as c \gset
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
         ('get_todo', 'select switchboard.get_todo(%L::uuid, %L::uuid)'),
         ('list_todos', 'select switchboard.list_todos(%L::uuid)');

select throws_ok(format(statement, :'ep', :'held'), 'SB403', null, what || ' not vended: forbidden') from calls order by what;
select is((select count(*) from switchboard.todos t join before b on b.id = t.id where to_jsonb(t) = b.row), 2::bigint,
          'nothing changed: the lease is held as before, the ready todo still pending');

-- claim_next without claim.
select test.endpoint(array['add_todo', 'claim_next']) as picker \gset
select test.todo(:'picker') from generate_series(1, 3);
select is((test.claim_next(p, :'picker'))->>'state', 'claimed', 'claim_next vended alone, ' || p || ': claims')
  from test.paths('claim_next') p;
select throws_ok(format('select switchboard.claim(%L::uuid, %L::uuid)', :'picker',
                        (select id from switchboard.todos where endpoint_id = :'picker' and state = 'pending' limit 1)),
                 'SB403', null, 'but claim is not implied by claim_next');

-- complete and release without heartbeat or fail.
select test.endpoint(array['add_todo', 'claim', 'complete', 'release']) as closer \gset
select test.todo(:'closer') as c1 \gset
select test.todo(:'closer') as c2 \gset
select test.todo(:'closer') as r1 \gset
select test.todo(:'closer') as r2 \gset
select test.todo(:'closer') as h \gset
select switchboard.claim(:'closer'::uuid, x) from unnest(array[:'c1', :'c2', :'r1', :'r2', :'h']::uuid[]) x;
select is((test.complete(p, :'closer', t))->>'state', 'done', 'complete vended, ' || p || ': completes')
  from (values ('one statement', :'c1'::uuid), ('the long way', :'c2'::uuid)) v(p, t);
select is((test.release(p, :'closer', t))->>'state', 'pending', 'release vended, ' || p || ': releases')
  from (values ('one statement', :'r1'::uuid), ('the long way', :'r2'::uuid)) v(p, t);
select throws_ok(format('select switchboard.heartbeat(%L::uuid, %L::uuid)', :'closer', :'h'), 'SB403', null,
                 'heartbeat is not implied by complete or release');
select throws_ok(format('select switchboard.fail(%L::uuid, %L::uuid)', :'closer', :'h'), 'SB403', null, 'nor is fail');

select * from finish();
rollback;
