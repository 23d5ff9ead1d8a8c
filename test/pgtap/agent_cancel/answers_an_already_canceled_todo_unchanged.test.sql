begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.agent_cancel(:'ep'::uuid, :'td'::uuid) as first \gset
select switchboard.agent_cancel(:'ep'::uuid, :'td'::uuid) as second \gset

select is((:'second'::jsonb)->>'state', 'canceled', 'a second cancel answers the canceled todo, not an error');
select is((:'second'::jsonb)->>'updated_at', (:'first'::jsonb)->>'updated_at', 'and changes nothing');

select * from finish();
rollback;
