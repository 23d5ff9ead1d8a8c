begin;
select plan(7);

-- On each of claim_next's paths (one queue, any queue): a lapsed lease on its last attempt is dead-lettered (closed
-- reaped/dead_lettered, as the reaper would) and never claimed; a lapsed lease below its cap is taken over (its
-- attempt closed lease_expired/requeued, the new one open).
select test.endpoint() as ep \gset
-- Each path's todos in a queue of their own; the one-queue path runs first and leaves none of its queue lapsed.
create temporary table cases (p text, queue text, last uuid, below uuid) on commit drop;
insert into cases (p, queue) values ('one queue', 'q1'), ('any queue', 'q2');
update cases set last = test.todo(:'ep', queue, max_attempts => 1), below = test.todo(:'ep', queue, max_attempts => 5);
select switchboard.claim(:'ep'::uuid, x) from cases, unnest(array[last, below]) x;
select test.lapse(x) from cases, unnest(array[last, below]) x;
-- The last attempts lapsed earlier, so they are met first.
update switchboard.todos set lease_expires_at = now() - interval '1 minute', head_lease_expires_at = now() - interval '1 minute'
 where id in (select last from cases);

create temporary table picked (p text, doc jsonb) on commit drop;
insert into picked select 'one queue', test.claim_next('one queue', :'ep', queue => 'q1');
select is((select x.state from switchboard.todos x where x.id = (select last from cases where p = 'one queue')), 'failed',
          'one queue: the lapsed last attempt of its queue is a dead letter');
insert into picked select 'any queue', test.claim_next('any queue', :'ep');

select is(array(select (doc->>'id')::uuid from picked order by p), array(select below from cases order by p),
          'each path took over the todo of its queue whose lease lapsed below its cap');
select is((select array_agg(x.state order by x.id) from switchboard.todos x where x.id in (select last from cases)),
          array['failed', 'failed'], 'any queue too: both lapsed last attempts are dead letters');
select is((select count(*) from switchboard.todo_attempts a where a.todo_id in (select last from cases)
             and a.outcome = 'reaped' and a.disposition = 'dead_lettered'), 2::bigint, 'their attempts closed reaped/dead_lettered');
select is((select count(*) from switchboard.todo_attempts a where a.todo_id in (select below from cases)
             and a.seq = 1 and a.outcome = 'lease_expired' and a.disposition = 'requeued'), 2::bigint,
          'the taken-over attempts closed lease_expired/requeued');
select is((select count(*) from switchboard.todo_attempts a where a.todo_id in (select below from cases)
             and a.seq = 2 and a.ended_at is null), 2::bigint, 'and each has its new attempt open');
select is(test.claim_next('any queue', :'ep'), '{"empty": true}'::jsonb, 'then nothing is left');

select * from finish();
rollback;
