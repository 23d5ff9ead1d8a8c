-- switchboard.todo_attempts shows every attempt of a todo, the newest from the todo's row (head_*) and the earlier
-- ones from earlier_attempts, and takes no writes: INSERT, UPDATE and DELETE are PostgreSQL's own refusal
-- (object_not_in_prerequisite_state, naming the view), never an error about a constraint that does not exist.
begin;
select plan(7);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'first') as c1 \gset
select switchboard.release(:'ep'::uuid, :'td'::uuid, summary => 'handed back') as r1 \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'second') as c2 \gset

select is((select jsonb_agg(jsonb_build_array(seq, claimant, outcome, summary) order by seq) from switchboard.todo_attempts where todo_id = :'td'),
          '[[1, "first", "released", "handed back"], [2, "second", null, null]]'::jsonb,
          'the earlier attempt and the open head, oldest first');
select is((select count(*) from switchboard.earlier_attempts where todo_id = :'td' and seq = 1), 1::bigint, 'the earlier one is kept in earlier_attempts');
select is((test.todo_row(:'td'))->>'head_claimant', 'second', 'the newest on the todo''s row');

select throws_ok(format($q$insert into switchboard.todo_attempts (todo_id, seq, attempt, claimer_kind, endpoint_id, owner, claimed_at, lease_expires_at, ended_at, outcome, disposition)
                        values (%L, 1, 1, 'endpoint', %L, 'agent:x', now(), now(), now(), 'completed', 'done')$q$, :'td', :'ep'),
                 '55000', 'cannot insert into view "todo_attempts"', 'an INSERT is refused');
select throws_ok(format($q$update switchboard.todo_attempts set claimant = 'renamed' where todo_id = %L$q$, :'td'),
                 '55000', 'cannot update view "todo_attempts"', 'an UPDATE is refused');
select throws_ok(format($q$delete from switchboard.todo_attempts where todo_id = %L and seq = 1$q$, :'td'),
                 '55000', 'cannot delete from view "todo_attempts"', 'a DELETE is refused');
select is((select jsonb_agg(jsonb_build_array(seq, claimant, outcome, summary) order by seq) from switchboard.todo_attempts where todo_id = :'td'),
          '[[1, "first", "released", "handed back"], [2, "second", null, null]]'::jsonb, 'and nothing changed');

select * from finish();
rollback;
