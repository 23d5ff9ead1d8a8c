begin;
select plan(2);

select test.endpoint() as mine \gset
select test.endpoint() as theirs \gset
select (switchboard.a2a_send(:'theirs'::uuid, 'm', null, '{}', 'q') -> 'task' ->> 'id') as td \gset
select gen_random_uuid() as never \gset

select is((test.error_of(format('select switchboard.a2a_get(%L::uuid, %L::uuid)', :'mine', :'td')))->>'sqlstate', 'SB404',
          'another endpoint''s task is not_found');
select is(replace(test.error_of(format('select switchboard.a2a_get(%L::uuid, %L::uuid)', :'mine', :'td'))::text, :'td', 'ID'),
          replace(test.error_of(format('select switchboard.a2a_get(%L::uuid, %L::uuid)', :'mine', :'never'))::text, :'never', 'ID'),
          'byte for byte the error of an id never minted, apart from the id it echoes');

select * from finish();
rollback;
