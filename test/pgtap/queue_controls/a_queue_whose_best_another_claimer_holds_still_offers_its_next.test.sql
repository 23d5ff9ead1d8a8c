-- claim_next of any queue, past a queue held back, tries each other queue's best todo; when a concurrent claimer holds
-- that best one (locked, not yet committed), it does not answer empty: the ordered search finds the next todo the
-- other claimers left. A second session holds the lock; the rows are committed, and deleted after the test.
begin;
select plan(3);

select dblink_connect('a', test.conninfo()) as a \gset
select dblink_connect('b', test.conninfo()) as b \gset
select ep from dblink('a', 'select test.endpoint(handle => ''held-'' || md5(random()::text))::text') as x(ep text) \gset
select id as best from dblink('a', format($q$select switchboard.add_todo(%L, 'other', priority => 5) ->> 'id'$q$, :'ep')) as x(id text) \gset
select id as next from dblink('a', format($q$select switchboard.add_todo(%L, 'other', priority => 1) ->> 'id'$q$, :'ep')) as x(id text) \gset
select id as paused from dblink('a', format($q$select switchboard.add_todo(%L, 'backlog', priority => 9) ->> 'id'$q$, :'ep')) as x(id text) \gset
-- Ready before this transaction's now(), which began before the other session filed them.
select dblink_exec('a', format($q$update switchboard.todos set run_at = run_at - interval '1 minute',
                                   ready_at = ready_at - interval '1 minute' where endpoint_id = %L$q$, :'ep')) as moved \gset
select p from dblink('a', format($q$select (switchboard.pause_queue(test.owner_of(%L::uuid), 'backlog') ->> 'paused')$q$, :'ep')) as x(p text) \gset

select dblink_exec('b', 'begin') as began \gset
select locked from dblink('b', format($q$select id::text from switchboard.todos where id = %L for update$q$, :'best')) as x(locked text) \gset
select is(:'locked'::text, :'best'::text, 'another session holds the other queue''s best todo');

select is(switchboard.claim_next(:'ep'::uuid) ->> 'id', :'next'::text,
          'past the paused queue and the held todo: the next one of that queue, not empty');
select is((select state from switchboard.todos where id = :'paused'::uuid), 'pending', 'the paused queue''s todo is untouched');

select dblink_exec('b', 'rollback') as ended \gset
select * from finish();
rollback;

-- After this transaction (its claim locked the queue's control row): resume and delete what 'a' committed.
select p from dblink('a', format($q$select (switchboard.resume_queue(test.owner_of(%L::uuid), 'backlog') ->> 'paused')$q$, :'ep')) as x(p text) \gset
select deleted from dblink('a', format('select test.forget_endpoint(%L)::text', :'ep')) as x(deleted text) \gset
select dblink_disconnect('a') as da \gset
select dblink_disconnect('b') as db \gset
