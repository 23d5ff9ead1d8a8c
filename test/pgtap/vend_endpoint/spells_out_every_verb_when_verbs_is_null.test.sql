begin;
select plan(4);

select (switchboard.add_owner('vender'))->>'owner_id' as o \gset
select switchboard.vend_endpoint(:'o'::uuid, 'all-verbs') as v \gset
select switchboard.vend_endpoint(:'o'::uuid, 'two-verbs', array['list_todos', 'claim_next', 'claim_next']) as v2 \gset

select is((:'v'::jsonb)->'verbs',
          '["add_todo","claim","claim_next","heartbeat","complete","fail","release","get_todo","list_todos","cancel","clock_in","clock_out"]'::jsonb,
          'null verbs means every agent verb, spelled out');
select is((:'v2'::jsonb)->'verbs', '["claim_next","list_todos"]'::jsonb, 'a subset is kept in canonical order, without repeats');
select throws_ok(format('select switchboard.vend_endpoint(%L::uuid, %L, array[%L])', :'o', 'x', 'delete_everything'), 'SB422', null,
                 'an unknown verb is invalid');
select throws_ok(format('select switchboard.vend_endpoint(%L::uuid, %L, %L::text[])', :'o', 'x', '{}'), 'SB422', null,
                 'an empty verb set is invalid');

select * from finish();
rollback;
