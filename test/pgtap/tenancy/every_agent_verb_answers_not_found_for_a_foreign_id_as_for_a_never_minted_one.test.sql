begin;
select plan(12);

-- Endpoint B names endpoint A's claimed todo, and a never-minted id, on every agent verb that takes a todo id.
-- The two answers are the same not_found (the echoed id aside), and A's todo is untouched.
select test.endpoint() as a \gset
select test.endpoint() as b \gset
select test.todo(:'a') as td \gset
select switchboard.claim(:'a'::uuid, :'td'::uuid) as c \gset
select gen_random_uuid() as never \gset

create temporary table verbs (verb text, statement text) on commit drop;
insert into verbs values
  ('claim', 'select switchboard.claim(%L::uuid, %L::uuid)'),
  ('heartbeat', 'select switchboard.heartbeat(%L::uuid, %L::uuid)'),
  ('complete', 'select switchboard.complete(%L::uuid, %L::uuid)'),
  ('fail', 'select switchboard.fail(%L::uuid, %L::uuid)'),
  ('release', 'select switchboard.release(%L::uuid, %L::uuid)'),
  ('get_todo', 'select switchboard.get_todo(%L::uuid, %L::uuid)');

select is(test.error_of(format(statement, :'b', :'td'))->>'sqlstate', 'SB404', verb || ': a foreign id is not_found')
  from verbs;
select is(replace(test.error_of(format(statement, :'b', :'td'))::text, :'td', '<id>'),
          replace(test.error_of(format(statement, :'b', :'never'))::text, :'never', '<id>'),
          verb || ': identical to a never-minted id')
  from verbs;

select * from finish();
rollback;
