begin;
select plan(4);

select test.endpoint() as a \gset
select test.endpoint() as b \gset
select test.todo(:'a') as live \gset
select test.todo(:'a') as lapsed_a \gset
select test.todo(:'b') as lapsed_b \gset
select switchboard.claim(:'a'::uuid, x) from unnest(array[:'live', :'lapsed_a']::uuid[]) x;
select switchboard.claim(:'b'::uuid, :'lapsed_b'::uuid) as c \gset
select test.lapse(:'lapsed_a');
select test.lapse(:'lapsed_b');

select is(switchboard.reap(), 2, 'reap closes the two lapsed attempts');
select is((test.todo_row(:'live'))->>'state', 'claimed', 'a live lease is untouched');
select is((test.attempt_row(:'lapsed_a', 1))->>'outcome', 'reaped', 'endpoint A''s lapse is reaped');
select is((test.attempt_row(:'lapsed_b', 1))->>'outcome', 'reaped', 'and endpoint B''s');

select * from finish();
rollback;
