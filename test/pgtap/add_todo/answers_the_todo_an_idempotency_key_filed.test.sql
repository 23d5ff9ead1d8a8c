-- The same idempotency_key again answers the todo it filed and files nothing; another endpoint's key of the same text
-- is its own; the same key with other arguments is conflict (nothing filed); a key outside 1-256 bytes is invalid.
begin;
select plan(9);

select test.endpoint() as ep \gset
select test.endpoint() as other \gset
select switchboard.add_todo(:'ep'::uuid, 'q', '{"n": 1}', title => 't', idempotency_key => 'k-1') as first \gset
select switchboard.add_todo(:'ep'::uuid, 'q', '{"n": 1}', title => 't', idempotency_key => 'k-1') as again \gset
select switchboard.add_todo(:'other'::uuid, 'q', '{"n": 1}', title => 't', idempotency_key => 'k-1') as theirs \gset

select is((:'again'::jsonb) ->> 'id', (:'first'::jsonb) ->> 'id', 'the same key again answers the todo it filed');
select is((select count(*) from switchboard.todos where endpoint_id = :'ep'::uuid), 1::bigint, 'and files nothing');
select isnt((:'theirs'::jsonb) ->> 'id', (:'first'::jsonb) ->> 'id', 'the same key from another endpoint files its own todo');

select throws_ok(format($q$select switchboard.add_todo(%L::uuid, 'q', '{"n": 2}', title => 't', idempotency_key => 'k-1')$q$, :'ep'),
                 'SB409', null, 'the same key with another payload is conflict');
select throws_ok(format($q$select switchboard.add_todo(%L::uuid, 'other', '{"n": 1}', title => 't', idempotency_key => 'k-1')$q$, :'ep'),
                 'SB409', null, 'the same key with another queue is conflict');
select throws_ok(format($q$select switchboard.add_todo(%L::uuid, 'q', '{"n": 1}', title => 't', priority => 3, idempotency_key => 'k-1')$q$, :'ep'),
                 'SB409', null, 'the same key with another priority is conflict');
select is((select count(*) from switchboard.todos where endpoint_id = :'ep'::uuid), 1::bigint, 'a conflict files nothing');

select throws_ok(format($q$select switchboard.add_todo(%L::uuid, 'q', idempotency_key => '')$q$, :'ep'), 'SB422', null, 'an empty key is invalid');
select throws_ok(format($q$select switchboard.add_todo(%L::uuid, 'q', idempotency_key => repeat('k', 257))$q$, :'ep'), 'SB422', null,
                 'a key over 256 bytes is invalid');

select * from finish();
rollback;
