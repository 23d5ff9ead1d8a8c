begin;
select plan(2);

select throws_ok(format('select switchboard.webhook_target(%L, %L)', 'somewhere', gen_random_uuid()), 'SB422', null,
                 'an unknown kind is invalid');
select is(switchboard.webhook_target('owner_notify', gen_random_uuid()), null, 'an unknown todo has no target');

select * from finish();
rollback;
