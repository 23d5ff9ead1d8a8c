begin;
select plan(5);

-- The error a call raises, as SQLSTATE | message | hint with the requested id replaced by <id>.
create function pg_temp.err(call text, id uuid) returns text language plpgsql as $f$
declare v_hint text;
begin
  execute call;
  return 'no error';
exception when others then
  get stacked diagnostics v_hint = pg_exception_hint;
  return replace(format('%s | %s | %s', sqlstate, sqlerrm, v_hint), id::text, '<id>');
end $f$;

select test.endpoint(handle => 'alice') as ep_a \gset
select test.endpoint(handle => 'bob') as ep_b \gset
select test.owner_of(:'ep_b') as bob \gset
select test.todo(:'ep_a') as td \gset
select gen_random_uuid() as unknown \gset

select is(pg_temp.err(format('select switchboard.owner_get_todo(%L, %L)', :'bob', :'td'), :'td'),
          pg_temp.err(format('select switchboard.owner_get_todo(%L, %L)', :'bob', :'unknown'), :'unknown'),
          'owner_get_todo: another owner''s todo and an unknown id raise the same error');
select throws_ok(format('select switchboard.owner_get_todo(%L, %L)', :'bob', :'td'), 'SB404', null, 'and it is not_found');
select is(pg_temp.err(format('select switchboard.owner_claim(%L, %L)', :'bob', :'td'), :'td'),
          pg_temp.err(format('select switchboard.owner_claim(%L, %L)', :'bob', :'unknown'), :'unknown'),
          'owner_claim: the same for a foreign and an unknown id');
select is(pg_temp.err(format('select switchboard.owner_complete(%L, %L)', :'bob', :'td'), :'td'),
          pg_temp.err(format('select switchboard.owner_complete(%L, %L)', :'bob', :'unknown'), :'unknown'),
          'owner_complete: the same for a foreign and an unknown id');
select is((select state from switchboard.todos where id = :'td'), 'pending', 'alice''s todo is untouched');

select * from finish();
rollback;
