-- A messageId names one message: sent again with other content it is conflict, never the old task, and nothing is
-- filed; the same message again still answers its task.
begin;
select plan(3);

select test.endpoint() as ep \gset
select switchboard.a2a_send(:'ep'::uuid, 'm-1', null, '{"parts": [{"text": "build it"}]}', 'q', '{"text": "build it"}') as first \gset
select throws_ok(format($q$select switchboard.a2a_send(%L::uuid, 'm-1', null, '{"parts": [{"text": "deploy it"}]}', 'q', '{"text": "deploy it"}')$q$, :'ep'),
                 'SB409', null, 'the same messageId with another text is conflict');
select is((select count(*) from switchboard.todos where endpoint_id = :'ep'::uuid), 1::bigint, 'and files nothing');
select is(switchboard.a2a_send(:'ep'::uuid, 'm-1', null, '{"parts": [{"text": "build it"}]}', 'q', '{"text": "build it"}') -> 'task' ->> 'id',
          (:'first'::jsonb) -> 'task' ->> 'id', 'the same message again answers its task');

select * from finish();
rollback;
