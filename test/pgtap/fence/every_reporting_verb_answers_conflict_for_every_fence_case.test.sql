begin;
select plan(28);

-- The reference page's fence section, for heartbeat, fail, and complete and release on each of their paths: a
-- fenced attempt with no token, with a wrong token, a token on an unfenced attempt, and a stale worker's token after
-- a takeover all answer conflict; the todo stays claimed under the current attempt.
select test.endpoint() as ep \gset
select test.todo(:'ep') as fenced \gset
select test.todo(:'ep') as plain \gset
select test.todo(:'ep') as taken \gset
select switchboard.claim(:'ep'::uuid, :'fenced'::uuid, require_fence => true) as c1 \gset
select switchboard.claim(:'ep'::uuid, :'plain'::uuid) as c2 \gset
select (switchboard.claim(:'ep'::uuid, :'taken'::uuid, require_fence => true))->>'lease_token' as stale \gset
select test.lapse(:'taken');
select switchboard.claim(:'ep'::uuid, :'taken'::uuid, require_fence => true) as c3 \gset

create temporary table verbs (verb text, call text) on commit drop;
insert into verbs
  select 'complete, ' || p, format('select test.complete(%L, %%L::uuid, %%L::uuid, lease_token => %%L)', p) from test.paths('complete') p
  union all
  select 'release, ' || p, format('select test.release(%L, %%L::uuid, %%L::uuid, lease_token => %%L)', p) from test.paths('release') p
  union all
  values ('heartbeat', 'select switchboard.heartbeat(%L::uuid, %L::uuid, lease_token => %L)'),
         ('fail', 'select switchboard.fail(%L::uuid, %L::uuid, lease_token => %L)');

select throws_ok(format(call, :'ep', :'fenced', null), 'SB409', null, verb || ': no token on a fenced attempt') from verbs order by verb;
select throws_ok(format(call, :'ep', :'fenced', md5('wrong')), 'SB409', null, verb || ': a wrong token') from verbs order by verb;
select throws_ok(format(call, :'ep', :'plain', md5('any')), 'SB409', null, verb || ': a token on an unfenced attempt') from verbs order by verb;
select throws_ok(format(call, :'ep', :'taken', :'stale'), 'SB409', null, verb || ': a stale worker''s token after a takeover') from verbs order by verb;

select is((select count(*) from switchboard.todos where endpoint_id = :'ep' and state = 'claimed'), 3::bigint, 'all three todos stay claimed');
select is((select count(*) from switchboard.todo_attempts a join switchboard.todos t on t.id = a.todo_id
            where t.endpoint_id = :'ep' and a.ended_at is null), 3::bigint, 'each with its attempt open');
select is((test.todo_row(:'taken'))->>'last_seq', '2', 'the taken-over todo is held by its second attempt');
select is((test.todo_row(:'fenced'))->>'lease_expires_at', to_jsonb(now() + interval '300 seconds')->>0, 'no heartbeat got through');

select * from finish();
rollback;
