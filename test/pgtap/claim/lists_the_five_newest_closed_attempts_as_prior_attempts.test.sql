begin;
select plan(5);

select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 100) as td \gset
select test.cycle(:'ep', :'td', 7);
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset

select is(((:'c'::jsonb)->>'attempt_seq')::int, 8, 'the eighth claim opens seq 8');
select is(((:'c'::jsonb)->>'attempts_total')::int, 8, 'attempts_total counts this one');
select is(jsonb_array_length((:'c'::jsonb)->'prior_attempts'), 5, 'five prior attempts are listed');
select is(array(select (x->>'seq')::int from jsonb_array_elements((:'c'::jsonb)->'prior_attempts') x),
          array[7, 6, 5, 4, 3], 'newest first, the open one excluded');
select is((:'c'::jsonb)#>>'{prior_attempts,0,outcome}', 'released', 'each with its outcome');

select * from finish();
rollback;
