begin;
select plan(9);

-- An https artifact naming a port outside 1-65535 is invalid (no link could follow it), wherever an artifact is taken,
-- and the call changes nothing; ports within the range, and no port, pass.
select throws_ok(format('select switchboard_internal.check_artifact(%L)', a), 'SB422', null, a || ': invalid')
  from unnest(array['https://x.example:99999/r', 'https://x.example:0/r', 'https://[::1]:65536', 'https://x.example:00000']) a;
select lives_ok(format('select switchboard_internal.check_artifact(%L)', a), a || ': accepted')
  from unnest(array['https://x.example:1/r', 'https://x.example:65535?q=1', 'https://[::1]:8443/a#b']) a;

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select throws_ok(format('select switchboard.complete(%L::uuid, %L::uuid, artifact => %L)', :'ep', :'td', 'https://ci.example:99999/run/2'),
                 'SB422', null, 'complete with a port-99999 artifact: invalid');
select is((test.todo_row(:'td'))->>'state', 'claimed', 'and the todo stays claimed');

select * from finish();
rollback;
