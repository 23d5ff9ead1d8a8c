begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.heartbeat(:'ep'::uuid, :'td'::uuid) as h \gset
select is(switchboard.metrics()->'attempts_closed', '[]'::jsonb, 'an open attempt, heartbeated, is not counted');
select switchboard.complete(:'ep'::uuid, :'td'::uuid) as d \gset
select is(switchboard.metrics()->'attempts_closed', jsonb_build_array(jsonb_build_object('queue', 'q', 'outcome', 'completed', 'value', 1)),
          'closing it counts one');

select * from finish();
rollback;
