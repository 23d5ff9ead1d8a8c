begin;
select plan(4);

select test.endpoint() as ep \gset
select test.endpoint() as other \gset
select switchboard.a2a_send(:'ep'::uuid, 'm-1', null, '{}', 'q') as first \gset
select switchboard.a2a_send(:'ep'::uuid, 'm-1', null, '{}', 'q') as again \gset
select switchboard.a2a_send(:'other'::uuid, 'm-1', null, '{}', 'q') as theirs \gset

select is((:'again'::jsonb) -> 'task' ->> 'id', (:'first'::jsonb) -> 'task' ->> 'id', 'a retried send answers the same task');
select is((:'again'::jsonb) ->> 'created', 'false', 'and files nothing');
select is((select count(*) from switchboard.todos where endpoint_id = :'ep'::uuid), 1::bigint, 'one todo in all');
select isnt((:'theirs'::jsonb) -> 'task' ->> 'id', (:'first'::jsonb) -> 'task' ->> 'id',
            'the same messageId from another endpoint is another task');

select * from finish();
rollback;
