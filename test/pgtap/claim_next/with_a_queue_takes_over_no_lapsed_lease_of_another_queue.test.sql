-- claim_next with a queue takes over a lapsed lease of that queue only: a lapsed lease on another queue stays as it
-- is (for that queue's workers), personal and team alike, and the queue's own ready todo is claimed instead.
begin;
select plan(6);

select test.endpoint() as ep \gset
select test.todo(:'ep', 'b') as lapsed \gset
select switchboard.claim(:'ep'::uuid, :'lapsed'::uuid) as c \gset
select test.lapse(:'lapsed');
select is(switchboard.claim_next(:'ep'::uuid, 'a'), '{"empty": true}'::jsonb, 'nothing on queue a: empty, although queue b has a lapsed lease');
select test.todo(:'ep', 'a') as ready \gset
select is(switchboard.claim_next(:'ep'::uuid, 'a')->>'id', :'ready', 'queue a''s ready todo is claimed');
select is((test.todo_row(:'lapsed'))->>'attempt', '1', 'the lapsed lease of queue b is not taken over');

select test.team() as t \gset
select (:'t'::jsonb->>'w')::uuid as w, (:'t'::jsonb->>'r')::uuid as r, (:'t'::jsonb->>'team')::uuid as team \gset
select switchboard.add_team_queue(:'team'::uuid, 'tq2') as q \gset
select test.todo(:'r', 'tq2') as tlapsed \gset
select switchboard.claim(:'w'::uuid, :'tlapsed'::uuid) as c \gset
select test.lapse(:'tlapsed');
select is(switchboard.claim_next(:'w'::uuid, 'tq'), '{"empty": true}'::jsonb, 'nothing on team queue tq: empty, although tq2 has a lapsed lease');
select test.todo(:'r', 'tq') as tready \gset
select is(switchboard.claim_next(:'w'::uuid, 'tq')->>'id', :'tready', 'tq''s ready todo is claimed');
select is((test.todo_row(:'tlapsed'))->>'attempt', '1', 'the lapsed lease of tq2 is not taken over');

select * from finish();
rollback;
