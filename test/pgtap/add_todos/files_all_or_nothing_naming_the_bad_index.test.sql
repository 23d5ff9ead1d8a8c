-- add_todos files the whole array in order, or nothing: one bad element is invalid naming its index and leaves no
-- todo of the call behind; over the setting add_todos_max is invalid; keys work per element as add_todo's do.
begin;
select plan(9);

select test.endpoint() as ep \gset
select switchboard.add_todos(:'ep'::uuid, '[{"queue": "a", "payload": {"n": 1}}, {"queue": "b", "priority": 5, "idempotency_key": "k"}]') as two \gset
select is(jsonb_array_length(:'two'::jsonb), 2, 'two documents');
select is(array[(:'two'::jsonb) -> 0 ->> 'queue', (:'two'::jsonb) -> 1 ->> 'queue'], array['a', 'b'], 'in the order given');
select is((select count(*) from switchboard.todos where endpoint_id = :'ep'::uuid), 2::bigint, 'two todos filed');

select throws_ok(format($q$select switchboard.add_todos(%L::uuid, '[{"queue": "c"}, {"queue": "c", "priority": 5000}]')$q$, :'ep'),
                 'SB422', 'invalid: todos[1]: priority must be between -1000 and 1000', 'an element out of range: invalid, naming its index');
select throws_ok(format($q$select switchboard.add_todos(%L::uuid, '[{"queue": "c"}, {"queue": "c", "colour": "red"}]')$q$, :'ep'),
                 'SB422', 'invalid: todos[1]: unknown field colour', 'an unknown field: invalid, naming it');
select throws_ok(format($q$select switchboard.add_todos(%L::uuid, '[{"queue": "c", "priority": "high"}]')$q$, :'ep'),
                 'SB422', null, 'a value of the wrong type: invalid');
select is((select count(*) from switchboard.todos where endpoint_id = :'ep'::uuid), 2::bigint, 'a refused call filed nothing');

select is(switchboard.add_todos(:'ep'::uuid, '[{"queue": "b", "priority": 5, "idempotency_key": "k"}]') -> 0 ->> 'id',
          (:'two'::jsonb) -> 1 ->> 'id', 'an element''s key answers the todo it filed');

insert into switchboard.settings (key, value) values ('add_todos_max', '2');
select throws_ok(format($q$select switchboard.add_todos(%L::uuid, '[{"queue": "c"}, {"queue": "c"}, {"queue": "c"}]')$q$, :'ep'),
                 'SB422', null, 'more elements than add_todos_max: invalid');

select * from finish();
rollback;
