-- As switchboard_worker alone, the metrics (every tenant's queue names and counts) are out of reach: they are the
-- metrics role's, which the server's /metrics connection takes.
begin;
select plan(3);

set local role switchboard_worker;
select throws_ok('select switchboard_worker.metrics()', null, null, 'the worker has no metrics read');
select throws_ok('select switchboard_metrics.metrics()', '42501', null, 'nor the metrics role''s');
reset role;
set local role switchboard_metrics;
select ok(switchboard_metrics.metrics() ? 'todos', 'switchboard_metrics reads them');
reset role;

select * from finish();
rollback;
