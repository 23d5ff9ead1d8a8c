-- A release carries no result, so the result an earlier failed attempt left on the todo stays for the requester to
-- read, on both of release's paths.
begin;
select plan(4);

create function pg_temp.run(path text, ep uuid) returns setof text language plpgsql as $$
declare
  v_td uuid := test.todo(ep);
begin
  perform switchboard.claim(ep, v_td);
  perform switchboard.fail(ep, v_td, result => '{"error": "disk full"}');
  perform test.due(v_td);
  perform switchboard.requeue_due_retries();
  perform switchboard.claim(ep, v_td);
  return next is(test.release(path, ep, v_td)->>'state', 'pending', path || ': released');
  return next is((test.todo_row(v_td))->'result', '{"error": "disk full"}'::jsonb, path || ': the earlier failure''s result is kept');
end;
$$;

select test.endpoint() as ep \gset
select pg_temp.run(p, :'ep') from test.paths('release') p;

select * from finish();
rollback;
