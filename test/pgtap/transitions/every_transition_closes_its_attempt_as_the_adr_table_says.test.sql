begin;
select plan(27);

-- ADR-0039's transition table, row by row: the outcome and disposition the attempt closes with, and the state the
-- todo moves to (with dead_letter for the failed ones).
select test.endpoint() as ep \gset
create temporary table rows_ (transition text, todo_id uuid, seq int, outcome text, disposition text, state text) on commit drop;

-- complete
insert into rows_ select 'complete', test.todo(:'ep'), 1, 'completed', 'done', 'done';
-- fail below the cap / at the cap
insert into rows_ select 'fail below the cap', test.todo(:'ep', max_attempts => 2), 1, 'failed', 'retry_scheduled', 'failed';
insert into rows_ select 'fail at the cap', test.todo(:'ep', max_attempts => 1), 1, 'failed', 'dead_lettered', 'failed (dead letter)';
-- release
insert into rows_ select 'release', test.todo(:'ep'), 1, 'released', 'requeued', 'pending';
-- a claim takes over a lapsed lease (the new claim follows at once)
insert into rows_ select 'takeover', test.todo(:'ep'), 1, 'lease_expired', 'requeued', 'claimed';
-- the reaper below / at the cap
insert into rows_ select 'reap below the cap', test.todo(:'ep', max_attempts => 2), 1, 'reaped', 'requeued', 'pending';
insert into rows_ select 'reap at the cap', test.todo(:'ep', max_attempts => 1), 1, 'reaped', 'dead_lettered', 'failed (dead letter)';
-- cancel of a claimed todo
insert into rows_ select 'cancel', test.todo(:'ep'), 1, 'canceled', 'canceled', 'canceled';

select switchboard.claim(:'ep'::uuid, todo_id) from rows_;
select switchboard.complete(:'ep'::uuid, todo_id) from rows_ where transition = 'complete';
select switchboard.fail(:'ep'::uuid, todo_id) from rows_ where transition like 'fail%';
select switchboard.release(:'ep'::uuid, todo_id) from rows_ where transition = 'release';
select test.lapse(todo_id) from rows_ where transition in ('takeover', 'reap below the cap', 'reap at the cap');
select switchboard.claim(:'ep'::uuid, todo_id) from rows_ where transition = 'takeover';
select switchboard.reap();
select switchboard.cancel(test.owner_of(:'ep'), todo_id) from rows_ where transition = 'cancel';

-- The owning endpoint is revoked: on another endpoint, so that the others above stay usable.
select test.endpoint() as doomed \gset
insert into rows_ select 'revoke_endpoint', test.todo(:'doomed'), 1, 'revoked', 'dead_lettered', 'failed (dead letter)';
select switchboard.claim(:'doomed'::uuid, todo_id) from rows_ where transition = 'revoke_endpoint';
select switchboard.revoke_endpoint(test.owner_of(:'doomed'), :'doomed'::uuid);

select is((test.attempt_row(r.todo_id, r.seq))->>'outcome', r.outcome, r.transition || ': outcome ' || r.outcome) from rows_ r order by r.transition;
select is((test.attempt_row(r.todo_id, r.seq))->>'disposition', r.disposition, r.transition || ': disposition ' || r.disposition) from rows_ r order by r.transition;
select is(t.state || case when t.state = 'failed' and t.next_retry_at is null then ' (dead letter)' else '' end, r.state,
          r.transition || ': the todo is ' || r.state)
  from rows_ r join switchboard.todos t on t.id = r.todo_id order by r.transition;

select * from finish();
rollback;
