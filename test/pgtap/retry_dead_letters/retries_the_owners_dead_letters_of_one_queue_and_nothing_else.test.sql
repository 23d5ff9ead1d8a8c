-- An owner's redrive of one personal queue: every dead letter of that queue, across all of its endpoints, goes back to
-- pending, claimable now, with the attempt counter restarted and the history kept; a failed todo with a retry
-- scheduled, a pending todo, a dead letter of another queue and another owner's dead letter in a queue of the same
-- name are left as they were.
begin;
select plan(12);

-- A dead letter: a todo of one attempt, claimed and failed.
create function pg_temp.dead(ep uuid, queue text) returns uuid language plpgsql as $$
declare
  v uuid := test.todo(ep, queue, max_attempts => 1);
begin
  perform switchboard.claim(ep, v);
  perform switchboard.fail(ep, v);
  return v;
end;
$$;

select test.endpoint() as ep \gset
select test.owner_of(:'ep') as owner \gset
select (switchboard.vend_endpoint(:'owner'::uuid, 'second-worker')->>'endpoint_id') as ep2 \gset
select test.endpoint() as other \gset

select pg_temp.dead(:'ep', 'q') as d1 \gset
select pg_temp.dead(:'ep2', 'q') as d2 \gset
select pg_temp.dead(:'ep', 'other-q') as elsewhere \gset
select pg_temp.dead(:'other', 'q') as theirs \gset
select test.todo(:'ep', 'q', max_attempts => 3) as waiting \gset
select switchboard.claim(:'ep'::uuid, :'waiting'::uuid) as c \gset
select switchboard.fail(:'ep'::uuid, :'waiting'::uuid) as f \gset
select test.todo(:'ep', 'q') as pending \gset

create temp table before as
  select id, to_jsonb(t) as row from switchboard.todos t where id in (:'elsewhere', :'theirs', :'waiting', :'pending');

select is(switchboard.retry_dead_letters(:'owner'::uuid, 'q'),
          '{"queue": "q", "team_id": null, "retried": 2, "more": false}'::jsonb,
          'two dead letters of the queue, one from each of the owner''s endpoints, are retried');
select is(array(select state || '/' || attempt || '/' || (ready_at <= now()) || '/' || (next_retry_at is null)
                  from switchboard.todos where id in (:'d1', :'d2')),
          array['pending/0/true/true', 'pending/0/true/true'], 'both pending, counter 0, claimable now');
select is((select count(*) from before b join switchboard.todos t on t.id = b.id where to_jsonb(t) = b.row), 4::bigint,
          'the failed todo awaiting its retry, the pending one, the other queue''s and the other owner''s are unchanged');
select is((test.todo_row(:'theirs'))->>'state', 'failed', 'another owner''s dead letter of a queue of the same name stays dead');

select switchboard.claim(:'ep'::uuid, :'d1'::uuid) as again \gset
select is(((:'again'::jsonb)->>'attempt')::int, 1, 'the next claim is attempt 1');
select is(((:'again'::jsonb)->>'attempt_seq')::int, 2, 'and seq continues');
select is(jsonb_array_length((:'again'::jsonb)->'prior_attempts'), 1, 'with the failed attempt as its prior attempt');

select is(switchboard.retry_dead_letters(:'owner'::uuid, 'q') - 'queue' - 'team_id',
          '{"retried": 0, "more": false}'::jsonb, 'a second redrive finds none');

-- Oldest dead letter first: of three, the one dead-lettered earliest, whatever their ids.
select pg_temp.dead(:'ep', 'order') as o1 \gset
select pg_temp.dead(:'ep', 'order') as o2 \gset
select pg_temp.dead(:'ep', 'order') as o3 \gset
select greatest(:'o1'::uuid, :'o2'::uuid, :'o3'::uuid) as oldest \gset
update switchboard.todos set updated_at = now() - case when id = :'oldest' then interval '2 minutes' else interval '1 minute' end
 where id in (:'o1', :'o2', :'o3');
select is(switchboard.retry_dead_letters(:'owner'::uuid, 'order', batch_limit => 1) - 'queue' - 'team_id',
          '{"retried": 1, "more": true}'::jsonb, 'a batch of one');
select is(array(select id from switchboard.todos where id in (:'o1', :'o2', :'o3') and state = 'pending'),
          array[:'oldest'::uuid], 'it retried the one dead-lettered first');

-- In batches: three dead letters, two at a time.
select count(pg_temp.dead(:'ep', 'batch')) as n from generate_series(1, 3) \gset
select is(switchboard.retry_dead_letters(:'owner'::uuid, 'batch', batch_limit => 2) - 'queue' - 'team_id',
          '{"retried": 2, "more": true}'::jsonb, 'a batch of two of three: more remain');
select is(switchboard.retry_dead_letters(:'owner'::uuid, 'batch', batch_limit => 2) - 'queue' - 'team_id',
          '{"retried": 1, "more": false}'::jsonb, 'the next call retries the last one');

select * from finish();
rollback;
