begin;
select plan(4);

-- On each of claim_next's paths (one queue, any queue), the todos that are not claimable now are never picked: one
-- whose run_at is in the future, a retry not yet due, a dead letter, a done and a canceled todo, and one held under a
-- live lease. The answer is {"empty": true} and none of them changed.
select test.endpoint() as ep \gset
select (switchboard.add_todo(:'ep'::uuid, 'q', run_at => now() + interval '1 hour'))->>'id' as later \gset
select test.todo(:'ep') as retry \gset
select test.todo(:'ep', max_attempts => 1) as dead \gset
select test.todo(:'ep') as done_td \gset
select test.todo(:'ep') as canceled_td \gset
select test.todo(:'ep') as held \gset
select switchboard.claim(:'ep'::uuid, x) from unnest(array[:'retry', :'dead', :'done_td', :'held']::uuid[]) x;
select switchboard.fail(:'ep'::uuid, :'retry'::uuid) as f1 \gset
select switchboard.fail(:'ep'::uuid, :'dead'::uuid) as f2 \gset
select switchboard.complete(:'ep'::uuid, :'done_td'::uuid) as c \gset
select switchboard.cancel(test.owner_of(:'ep'), :'canceled_td'::uuid) as x \gset
create temporary table before on commit drop as
  select t.id, to_jsonb(t) as row from switchboard.todos t where t.endpoint_id = :'ep';

select is(jsonb_build_object('retry_later', (t.row->>'next_retry_at')::timestamptz > now(), 'dead', d.row->>'next_retry_at'),
          '{"retry_later": true, "dead": null}'::jsonb, 'the fixture: a retry scheduled later, and a dead letter')
  from before t, before d where t.id = :'retry' and d.id = :'dead';
select is(test.claim_next(p, :'ep'), '{"empty": true}'::jsonb, p || ': nothing is claimable') from test.paths('claim_next') p;
select is((select count(*) from switchboard.todos t join before b on b.id = t.id where to_jsonb(t) = b.row), 6::bigint,
          'and no todo changed');

select * from finish();
rollback;
