begin;
select plan(6);

-- ADR-0039 Confirmation: a todo retried 60 times keeps 50 attempt rows and attempts_pruned is 10.
select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 1000) as td \gset
select test.cycle(:'ep', :'td', 59);
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.get_todo(:'ep'::uuid, :'td'::uuid, attempts_limit => 50) as g \gset

select is(test.attempt_rows(:'td'), 50::bigint, '50 attempt rows are kept');
select is(((:'g'::jsonb)->>'attempts_pruned')::int, 10, 'attempts_pruned is 10');
select is(((:'g'::jsonb)->>'attempts_total')::int, 60, 'attempts_total is 60');
select is((select min(seq) from switchboard.todo_attempts where todo_id = :'td'), 11, 'the oldest ten were pruned');
select is((:'g'::jsonb)#>>'{attempts,0,seq}', '60', 'the open attempt is kept');
select is(((:'c'::jsonb)->>'attempts_total')::int, 60, 'the claim counts pruned attempts in attempts_total');

select * from finish();
rollback;
