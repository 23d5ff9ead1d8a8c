-- run_at is a finite time in the years 0001-9999: the first instant of 0001 and the last of 9999 are taken, an
-- instant before or after is invalid.
begin;
select plan(4);

select test.endpoint() as ep \gset
select lives_ok(format('select switchboard.add_todo(endpoint_id => %L::uuid, queue => ''q'', run_at => %L::timestamptz)', :'ep', '0001-01-01T00:00:00Z'), 'the first instant of 0001');
select lives_ok(format('select switchboard.add_todo(endpoint_id => %L::uuid, queue => ''q'', run_at => %L::timestamptz)', :'ep', '9999-12-31T23:59:59.999999Z'), 'the last of 9999');
select throws_ok(format('select switchboard.add_todo(endpoint_id => %L::uuid, queue => ''q'', run_at => %L::timestamptz)', :'ep', '0001-12-31T23:59:59Z BC'), 'SB422', null, 'before 0001: invalid');
select throws_ok(format('select switchboard.add_todo(endpoint_id => %L::uuid, queue => ''q'', run_at => %L::timestamptz)', :'ep', '10000-01-01T00:00:00Z'), 'SB422', null, 'after 9999: invalid');

select * from finish();
rollback;
