begin;
select plan(4);

create function pg_temp.total() returns bigint language sql as $$
  select coalesce(sum((e->>'value')::bigint), 0) from jsonb_array_elements(switchboard.metrics()->'attempts_closed') e
$$;

select test.endpoint() as ep \gset
select array_agg(test.todo(:'ep')) as t from generate_series(1, 3) \gset
select switchboard.claim(:'ep'::uuid, id), switchboard.complete(:'ep'::uuid, id) from unnest(:'t'::uuid[]) id;
select test.age(id, interval '40 days') from unnest(:'t'::uuid[]) id;
select pg_temp.total() as before \gset

select is(:'before'::bigint, 3::bigint, 'three completions are counted');
select is(switchboard.prune(), 3, 'retention deletes the three done todos');
select is((select count(*) from switchboard.todo_attempts), 0::bigint, 'and their attempts');
select is(pg_temp.total(), 3::bigint, 'the counter stays where it was');

select * from finish();
rollback;
