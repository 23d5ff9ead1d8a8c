begin;
select plan(16);

-- T's admin vended T's worker (agent worker-1, in team T) and a personal endpoint with the same agent id: both hold
-- leases as agent:worker-1, and the owner is the same. The personal endpoint names the team todo T's worker holds on
-- every verb that ends or extends a lease, on each path a verb has (complete and release: the one statement and the
-- long way): each answer is the not_found of a never-minted id, and the worker's lease is untouched; the worker then
-- completes it.
select test.team() as f \gset
select (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w, (:'f'::jsonb)->>'p' as p \gset
select test.todo(:'r', 'tq') as held \gset
select switchboard.claim_next(:'w'::uuid, 'tq', require_fence => true) as c \gset
select (:'c'::jsonb)->>'lease_token' as token, gen_random_uuid() as never \gset
select is((:'c'::jsonb)->>'id', :'held', 'T''s worker holds the team todo');
select is((select owner from switchboard.todos where id = :'held'), 'agent:worker-1', 'as agent:worker-1');
select to_jsonb(t) - 'updated_at' as before from switchboard.todos t where t.id = :'held' \gset

create temporary table calls (what text, statement text) on commit drop;
insert into calls
  select 'complete, ' || p, format('select test.complete(%L, %%L::uuid, %%L::uuid, result => %L, lease_token => %L)', p, '{"by": "p"}', :'token')
    from test.paths('complete') p
  union all
  select 'release, ' || p, format('select test.release(%L, %%L::uuid, %%L::uuid, lease_token => %L)', p, :'token') from test.paths('release') p
  union all
  select 'heartbeat', format('select switchboard.heartbeat(%%L::uuid, %%L::uuid, lease_token => %L)', :'token')
  union all
  select 'fail', format('select switchboard.fail(%%L::uuid, %%L::uuid, lease_token => %L)', :'token');

select is(test.error_of(format(statement, :'p', :'held'))->>'sqlstate', 'SB404', what || ': not_found for the personal endpoint')
  from calls order by what;
select is(replace(test.error_of(format(statement, :'p', :'held'))::text, :'held', '<id>'),
          replace(test.error_of(format(statement, :'p', :'never'))::text, :'never', '<id>'),
          what || ': identical to a never-minted id')
  from calls order by what;
select is((select to_jsonb(t) - 'updated_at' from switchboard.todos t where t.id = :'held'), :'before'::jsonb,
          'the worker''s lease and attempt are untouched');
select is(switchboard.complete(:'w'::uuid, :'held'::uuid, lease_token => :'token')->>'state', 'done', 'and T''s worker completes it');

select * from finish();
rollback;
