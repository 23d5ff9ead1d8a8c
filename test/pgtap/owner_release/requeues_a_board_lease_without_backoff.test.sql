begin;
select plan(4);

select test.endpoint(handle => 'alice') as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.todo(:'ep') as td \gset
select switchboard.owner_claim(:'ow', :'td') \gset
select switchboard.owner_release(:'ow', :'td', summary => 'handing back') as d \gset

select is((:'d'::jsonb)->>'state', 'pending', 'the todo is pending');
select is((select ready_at from switchboard.todos where id = :'td'), now(), 'claimable at once');
select is(test.attempt_row(:'td', 1)->>'outcome', 'released', 'the attempt closes released');
select is((:'d'::jsonb)->>'attempt', '1', 'the counter is unchanged');

select * from finish();
rollback;
