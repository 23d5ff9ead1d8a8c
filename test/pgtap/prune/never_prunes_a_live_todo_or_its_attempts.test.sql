begin;
select plan(5);

-- ADR-0039 Confirmation: a live todo's attempts are never pruned, however old and however tight the caps.
select test.endpoint() as ep \gset
select test.todo(:'ep') as pending_td \gset
select test.todo(:'ep') as claimed_td \gset
select test.todo(:'ep') as retry_td \gset
select test.cycle(:'ep', :'pending_td', 1);
select switchboard.claim(:'ep'::uuid, x) from unnest(array[:'claimed_td', :'retry_td']::uuid[]) x;
select switchboard.fail(:'ep'::uuid, :'retry_td'::uuid) as f \gset
select test.age(x, interval '10 years') from unnest(array[:'pending_td', :'claimed_td', :'retry_td']::uuid[]) x;

select is(switchboard.prune(max_age => interval '0', max_rows => 0), 0, 'prune deletes nothing live');
select is(test.attempt_rows(:'pending_td'), 1::bigint, 'a pending todo keeps its history');
select is(test.attempt_rows(:'claimed_td'), 1::bigint, 'a claimed todo keeps its open attempt');
select is(test.attempt_rows(:'retry_td'), 1::bigint, 'a failed todo waiting for its retry keeps its history');
select is((select count(*) from switchboard.todos where endpoint_id = :'ep'), 3::bigint, 'all three todos remain');

select * from finish();
rollback;
