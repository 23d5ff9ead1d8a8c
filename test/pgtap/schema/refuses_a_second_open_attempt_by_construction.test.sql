-- At most one open attempt per todo holds by construction (migration 000010): only a todo's newest attempt, kept on
-- its row, can be open, and every row of earlier_attempts is closed. Neither a direct INSERT nor an UPDATE of the
-- tables can add a second one.
begin;
select plan(6);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select test.todo(:'ep') as td2 \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select test.cycle(:'ep', :'td2', 2);

select throws_ok(format($q$insert into switchboard.earlier_attempts (todo_id, seq, attempt, claimer_kind, endpoint_id, owner, claimed_at, lease_expires_at)
                        values (%L, 0, 1, 'endpoint', %L, 'agent:x', now(), now() + interval '1 minute')$q$, :'td', :'ep'),
                 '23502', null, 'earlier_attempts takes no open attempt: its ended_at, outcome and disposition are not null');
select throws_ok(format($q$update switchboard.earlier_attempts set ended_at = null, outcome = null, disposition = null where todo_id = %L$q$, :'td2'),
                 '23502', null, 'nor can an earlier attempt be reopened in place');
select throws_ok(format($q$update switchboard.todos set state = 'pending', owner = null, lease_expires_at = null, ready_at = now() where id = %L$q$, :'td'),
                 '23514', null, 'a todo cannot leave claimed while its attempt stays open (todos_head_open_while_claimed)');
select is((select count(*) from switchboard.todo_attempts where todo_id = :'td' and ended_at is null), 1::bigint,
          'the claim''s own attempt is the one open attempt');

-- A lapsed lease taken over: the old attempt is closed (lease_expired) as the new one opens, still one open.
select test.lapse(:'td');
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c2 \gset
select is((select array_agg(seq::text || ':' || coalesce(outcome, 'open') order by seq) from switchboard.todo_attempts where todo_id = :'td'),
          array['1:lease_expired', '2:open'], 'after a takeover: the first closed lease_expired, the second open');
select is((select count(*) from switchboard.earlier_attempts where todo_id = :'td' and ended_at is null), 0::bigint,
          'and earlier_attempts holds only closed attempts');

select * from finish();
rollback;
