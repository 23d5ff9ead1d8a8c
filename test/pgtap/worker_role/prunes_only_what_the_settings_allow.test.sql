-- As switchboard_worker alone, prune deletes only what the retention settings allow: the worker names how many to
-- delete in one transaction, never how old or how many to keep, so it cannot delete every tenant's finished todos.
begin;
select plan(5);

select test.endpoint() as ep \gset
select test.todo(:'ep') as done \gset
select switchboard.claim(:'ep'::uuid, :'done'::uuid), switchboard.complete(:'ep'::uuid, :'done'::uuid);
select test.age(:'done', interval '1 day');

set local role switchboard_worker;
select throws_ok($$select switchboard_worker.prune(max_age => '0 s')$$, null, null, 'no max_age of its own');
select throws_ok($$select switchboard_worker.prune(max_rows => 0)$$, null, null, 'no max_rows of its own');
select throws_ok('select switchboard_worker.prune(batch_limit => 0)', 'SB422', null, 'batch_limit 1..100000');
select is(switchboard_worker.prune(batch_limit => 1000), 0, 'a day-old done todo is kept (retention_max_age_days, 30)');
reset role;
select is((test.todo_row(:'done'))->>'state', 'done', 'and is still there');

select * from finish();
rollback;
