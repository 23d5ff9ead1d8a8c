begin;
select plan(6);

select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 1000) as td \gset
select test.cycle(:'ep', :'td', 55);

select is(jsonb_array_length((switchboard.get_todo(:'ep'::uuid, :'td'::uuid))->'attempts'), 20, 'the default is 20');
select is(jsonb_array_length((switchboard.get_todo(:'ep'::uuid, :'td'::uuid, attempts_limit => 5))->'attempts'), 5, 'attempts_limit 5: 5');
select is(jsonb_array_length((switchboard.get_todo(:'ep'::uuid, :'td'::uuid, attempts_limit => null))->'attempts'), 20,
          'a null attempts_limit (a caller passing its own optional value through) is the default too');
select is(jsonb_array_length((switchboard.get_todo(:'ep'::uuid, :'td'::uuid, attempts_limit => 500))->'attempts'), 50, 'over 50 is clamped to 50');
select is((switchboard.get_todo(:'ep'::uuid, :'td'::uuid, attempts_limit => 5))#>>'{attempts,0,seq}', '55', 'the newest come first');
select is(((switchboard.get_todo(:'ep'::uuid, :'td'::uuid, attempts_limit => 5))->>'attempts_total')::int, 55,
          'attempts_total counts what the list leaves out');

select * from finish();
rollback;
