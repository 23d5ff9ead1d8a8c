begin;
select plan(4);

-- ADR-0039 Confirmation: endpoint B calling get_todo on endpoint A's todo gets not_found, byte-identical to an id
-- that was never minted. Byte-identical with the same id: the error for A's todo is captured, the todo is then
-- deleted (so its id names nothing), and the error for the same id is captured again.
select test.endpoint() as a \gset
select test.endpoint() as b \gset
select test.todo(:'a') as td \gset
select switchboard.claim(:'a'::uuid, :'td'::uuid) as c \gset
select gen_random_uuid() as never \gset

select test.error_of(format('select switchboard.get_todo(%L::uuid, %L::uuid)', :'b', :'td')) as foreign_err \gset
select test.error_of(format('select switchboard.get_todo(%L::uuid, %L::uuid)', :'b', :'never')) as never_err \gset
delete from switchboard.todos where id = :'td';
select test.error_of(format('select switchboard.get_todo(%L::uuid, %L::uuid)', :'b', :'td')) as gone_err \gset

select is((:'foreign_err'::jsonb)->>'sqlstate', 'SB404', 'a foreign id is not_found');
select is(:'foreign_err'::jsonb, :'gone_err'::jsonb, 'sqlstate, message, detail and hint are identical to an id naming nothing');
select is(replace(:'foreign_err', :'td', '<id>'), replace(:'never_err', :'never', '<id>'),
          'and to a never-minted id, but for the echoed id');
select ok(position(:'a' in :'foreign_err') = 0, 'the error does not name the owning endpoint');

select * from finish();
rollback;
