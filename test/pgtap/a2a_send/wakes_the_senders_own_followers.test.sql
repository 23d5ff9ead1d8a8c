-- A task sent over A2A wakes the followers of the endpoint that sent it (its streams and resubscriptions listen on
-- that endpoint's wake key), never another endpoint's, another tenant's included.
begin;
select plan(2);

select test.endpoint() as other \gset
select test.endpoint() as ep \gset
select (switchboard.a2a_send(:'ep'::uuid, 'm1', null, '{}', 'q') -> 'task' ->> 'id') as td \gset
select is((select x.a2a_wake_key from switchboard.todos x where x.id = :'td'),
          (select e.a2a_wake_key from switchboard.endpoints e where e.id = :'ep'), 'the sender''s wake key');
select (switchboard.a2a_send(:'other'::uuid, 'm1', null, '{}', 'q') -> 'task' ->> 'id') as td2 \gset
select is((select x.a2a_wake_key from switchboard.todos x where x.id = :'td2'),
          (select e.a2a_wake_key from switchboard.endpoints e where e.id = :'other'), 'for each sender');

select * from finish();
rollback;
