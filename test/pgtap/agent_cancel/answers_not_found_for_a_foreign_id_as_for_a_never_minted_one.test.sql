begin;
select plan(3);

select test.endpoint() as mine \gset
select test.endpoint() as theirs \gset
select test.todo(:'theirs') as td \gset
select gen_random_uuid() as never \gset

select is((test.error_of(format('select switchboard.agent_cancel(%L::uuid, %L::uuid)', :'mine', :'td')))->>'sqlstate', 'SB404',
          'another endpoint''s todo is not_found');
select is(replace(test.error_of(format('select switchboard.agent_cancel(%L::uuid, %L::uuid)', :'mine', :'td'))::text, :'td', 'ID'),
          replace(test.error_of(format('select switchboard.agent_cancel(%L::uuid, %L::uuid)', :'mine', :'never'))::text, :'never', 'ID'),
          'byte for byte the error of an id never minted, apart from the id it echoes');
select is((test.todo_row(:'td'))->>'state', 'pending', 'and the other endpoint''s todo is untouched');

select * from finish();
rollback;
