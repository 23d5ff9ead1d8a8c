begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid), switchboard.fail(:'ep'::uuid, :'td'::uuid);

select throws_ok(format('select switchboard.dead_letter_notice(%L)', :'td'), 'SB404', null, 'a todo waiting for its retry is not_found');
select throws_ok(format('select switchboard.dead_letter_notice(%L)', gen_random_uuid()), 'SB404', null, 'an unknown id too');

select * from finish();
rollback;
