begin;
select plan(3);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset

-- The constraint is deferred: the statement passes and the violation is found at commit, forced here.
select lives_ok(format($q$insert into switchboard.todo_attempts (todo_id, seq, attempt, claimer_kind, endpoint_id, owner, claimed_at, lease_expires_at)
                        values (%L, 2, 2, 'endpoint', %L, 'agent:x', now(), now() + interval '1 minute')$q$, :'td', :'ep'),
                'a second open attempt passes its statement (the check is deferred)');
select throws_ok('set constraints all immediate', '23P01', null, 'and is rejected at commit');
select is((select count(*) from pg_constraint where conname = 'todo_attempts_one_open' and condeferrable and condeferred), 1::bigint,
          'the exclusion constraint is deferrable, initially deferred');

select * from finish();
rollback;
