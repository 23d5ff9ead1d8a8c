begin;
select plan(3);

select test.endpoint() as a \gset
select test.endpoint() as b \gset
select test.todo(:'a') as td \gset
select gen_random_uuid() as never \gset

select test.error_of(format('select switchboard.claim(%L::uuid, %L::uuid)', :'b', :'td')) as foreign_err \gset
select test.error_of(format('select switchboard.claim(%L::uuid, %L::uuid)', :'b', :'never')) as never_err \gset

select is((:'foreign_err'::jsonb)->>'sqlstate', 'SB404', 'endpoint B claiming A''s todo gets not_found');
select is(replace(:'foreign_err', :'td', '<id>'), replace(:'never_err', :'never', '<id>'),
          'message, detail and hint equal those for a never-minted id (the id aside)');
select is(test.attempt_rows(:'td'), 0::bigint, 'A''s todo is untouched');

select * from finish();
rollback;
