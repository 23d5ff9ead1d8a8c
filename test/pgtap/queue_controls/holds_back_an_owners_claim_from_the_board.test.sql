-- The Board's claim (owner_claim) is held back by a paused queue as an agent's is: throttled, nothing changed; once
-- resumed, the owner claims it.
begin;
select plan(3);

select test.endpoint() as ep \gset
select test.owner_of(:'ep'::uuid) as owner \gset
select switchboard.add_todo(:'ep'::uuid, 'deploy') ->> 'id' as td \gset
select switchboard.pause_queue(:'owner'::uuid, 'deploy') is not null as paused \gset
select throws_like(format('select switchboard.owner_claim(%L::uuid, %L::uuid)', :'owner', :'td'), 'throttled: queue deploy is paused%',
                   'owner_claim of a paused queue''s todo: throttled');
select is((select state from switchboard.todos where id = :'td'), 'pending', 'the todo is unchanged');
select switchboard.resume_queue(:'owner'::uuid, 'deploy') is not null as resumed \gset
select is(switchboard.owner_claim(:'owner'::uuid, :'td'::uuid) ->> 'state', 'claimed', 'resumed: the owner claims it');

select * from finish();
rollback;
