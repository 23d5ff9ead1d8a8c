begin;
select plan(4);

-- ADR-0039 Confirmation: retention that deletes a terminal todo deletes its attempts.
select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select test.cycle(:'ep', :'td', 2);
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.complete(:'ep'::uuid, :'td'::uuid) as d \gset
select test.age(:'td', interval '31 days');

select is(switchboard.prune(), 1, 'prune deletes the done todo older than 30 days');
select is((select count(*) from switchboard.todos where id = :'td'), 0::bigint, 'the todo is gone');
select is(test.attempt_rows(:'td'), 0::bigint, 'and so are its three attempts');
select throws_ok(format('select switchboard.get_todo(%L::uuid, %L::uuid)', :'ep', :'td'), 'SB404', null, 'get_todo no longer finds it');

select * from finish();
rollback;
