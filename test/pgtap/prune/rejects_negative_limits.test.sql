begin;
select plan(3);

select throws_ok($$select switchboard.prune(max_age => interval '-1 day')$$, 'SB422', null, 'a negative max_age is invalid');
select throws_ok($$select switchboard.prune(max_rows => -1)$$, 'SB422', null, 'a negative max_rows is invalid');
select throws_ok($$select switchboard.prune(batch_limit => 0)$$, 'SB422', null, 'batch_limit 0 is invalid');

select * from finish();
rollback;
