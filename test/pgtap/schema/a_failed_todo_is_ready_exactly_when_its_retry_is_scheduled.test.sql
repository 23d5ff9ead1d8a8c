begin;
select plan(5);

-- A failed todo either waits for its retry (ready_at = next_retry_at) or is a dead letter (neither): todos_row_rules
-- refuses a dead letter made ready by a direct UPDATE, and a retry with no ready time, naming todos_failed_retry_or_dead.
-- So a dead letter can never be claimable, on either of claim_next's paths.
select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 1) as dead \gset
select test.todo(:'ep') as retry \gset
select switchboard.claim(:'ep'::uuid, x) from unnest(array[:'dead', :'retry']::uuid[]) x;
select switchboard.fail(:'ep'::uuid, x) from unnest(array[:'dead', :'retry']::uuid[]) x;

select throws_ok(format('update switchboard.todos set ready_at = now() - interval ''1 minute'' where id = %L', :'dead'), '23514',
                 'new row for relation "todos" violates check constraint "todos_failed_retry_or_dead"',
                 'a dead letter made ready with no retry scheduled is refused');
select throws_ok(format('update switchboard.todos set ready_at = null where id = %L', :'retry'), '23514',
                 'new row for relation "todos" violates check constraint "todos_failed_retry_or_dead"',
                 'a retry with no ready time is refused');
select throws_ok(format('update switchboard.todos set ready_at = next_retry_at - interval ''1 minute'' where id = %L', :'retry'), '23514',
                 'new row for relation "todos" violates check constraint "todos_failed_retry_or_dead"',
                 'a retry ready at another time than its retry is refused');
select is(test.claim_next(p, :'ep'), '{"empty": true}'::jsonb, p || ': the dead letter is not claimable')
  from test.paths('claim_next') p;

select * from finish();
rollback;
