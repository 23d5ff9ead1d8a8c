-- The view todo_attempts (migration 000010) takes a DBA's writes: an UPDATE of the newest attempt lands on the todo's
-- row, one of an earlier attempt in earlier_attempts (where it must stay closed); DELETE removes an earlier attempt
-- but never the newest alone; an INSERT of a closed earlier attempt lands in earlier_attempts, of an unissued seq is
-- refused.
begin;
select plan(9);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c1 \gset
select switchboard.release(:'ep'::uuid, :'td'::uuid, summary => 'first') as r1 \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c2 \gset

update switchboard.todo_attempts set claimant = 'renamed' where todo_id = :'td' and seq = 2;
select is((select head_claimant from switchboard.todos where id = :'td'), 'renamed', 'an UPDATE of the newest attempt lands on the todo row');
update switchboard.todo_attempts set summary = 'edited' where todo_id = :'td' and seq = 1;
select is((select summary from switchboard.earlier_attempts where todo_id = :'td' and seq = 1), 'edited', 'an UPDATE of an earlier attempt lands in earlier_attempts');
select throws_ok(format($q$update switchboard.todo_attempts set ended_at = null, outcome = null, disposition = null where todo_id = %L and seq = 1$q$, :'td'),
                 '23P01', null, 'an earlier attempt cannot be reopened');
select throws_ok(format($q$update switchboard.todo_attempts set seq = 7 where todo_id = %L and seq = 1$q$, :'td'),
                 '0A000', null, 'seq of an attempt cannot change');
select throws_ok(format($q$delete from switchboard.todo_attempts where todo_id = %L and seq = 2$q$, :'td'),
                 '0A000', null, 'the newest attempt is not deleted alone');
delete from switchboard.todo_attempts where todo_id = :'td' and seq = 1;
select is((select count(*) from switchboard.todo_attempts where todo_id = :'td'), 1::bigint, 'an earlier attempt can be deleted');
insert into switchboard.todo_attempts (todo_id, seq, attempt, claimer_kind, endpoint_id, owner, claimed_at, lease_expires_at, ended_at, outcome, disposition)
values (:'td', 1, 1, 'endpoint', :'ep', 'agent:x', now() - interval '2 minutes', now() - interval '1 minute', now() - interval '1 minute', 'released', 'requeued');
select is((select outcome from switchboard.earlier_attempts where todo_id = :'td' and seq = 1), 'released', 'an INSERT of a closed earlier attempt lands in earlier_attempts');
select throws_ok(format($q$insert into switchboard.todo_attempts (todo_id, seq, attempt, claimer_kind, endpoint_id, owner, claimed_at, lease_expires_at, ended_at, outcome, disposition)
                        values (%L, 9, 9, 'endpoint', %L, 'agent:x', now(), now(), now(), 'completed', 'done')$q$, :'td', :'ep'),
                 '23514', null, 'an attempt seq not yet issued is refused');
select throws_ok(format($q$insert into switchboard.todo_attempts (todo_id, seq, attempt, claimer_kind, endpoint_id, owner, claimed_at, lease_expires_at)
                        values (%L, 1, 1, 'endpoint', %L, 'agent:x', now(), now())$q$, gen_random_uuid(), :'ep'),
                 '23503', null, 'an attempt of an unknown todo is refused');

select * from finish();
rollback;
