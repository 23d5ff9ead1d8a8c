begin;
select plan(3);

select test.endpoint() as ep \gset
select (switchboard.add_owner('second-human'))->>'owner_id' as other_owner \gset
select test.todo(:'ep') as td \gset
select gen_random_uuid() as never \gset

select test.error_of(format('select switchboard.cancel(%L::uuid, %L::uuid)', :'other_owner', :'td')) as foreign_err \gset
select test.error_of(format('select switchboard.cancel(%L::uuid, %L::uuid)', :'other_owner', :'never')) as never_err \gset

select is((:'foreign_err'::jsonb)->>'sqlstate', 'SB404', 'another owner''s todo is not_found');
select is(replace(:'foreign_err', :'td', '<id>'), replace(:'never_err', :'never', '<id>'), 'identical to a never-minted id but for the id');
select is((test.todo_row(:'td'))->>'state', 'pending', 'the todo is untouched');

select * from finish();
rollback;
