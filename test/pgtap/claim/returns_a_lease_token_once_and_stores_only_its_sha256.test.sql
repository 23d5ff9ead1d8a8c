begin;
select plan(5);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, require_fence => true) as c \gset
select (:'c'::jsonb)->>'lease_token' as tok \gset

select matches(:'tok'::text, '^[0-9a-f]{32}$', 'a fenced claim returns a 128-bit token');
select is((test.attempt_row(:'td', 1))->>'lease_token_sha256', '\x' || encode(sha256(convert_to(:'tok', 'UTF8')), 'hex'),
          'the attempt stores the token''s SHA-256');
select ok(position(:'tok'::text in test.attempts(:'td')::text) = 0, 'the token itself is stored nowhere on the attempt');
select ok(position(:'tok'::text in test.todo_row(:'td')::text) = 0, 'nor on the todo');
select ok(not (switchboard.get_todo(:'ep'::uuid, :'td'::uuid) ? 'lease_token'), 'and no read returns it again');

select * from finish();
rollback;
