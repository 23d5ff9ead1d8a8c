begin;
select plan(8);

select test.endpoint() as ep \gset

select throws_ok(format('select switchboard.add_todo(%L::uuid, %s)', :'ep', a), 'SB422', null, d)
  from (values
    ('queue => null', 'a null queue'),
    ('queue => ''bad queue''', 'a queue with a space'),
    ('queue => repeat(''q'', 129)', 'a queue of 129 characters'),
    ('queue => ''q'', title => repeat(''t'', 513)', 'a title over 512 bytes'),
    ('queue => ''q'', routing => ''[1]''', 'routing that is not an object'),
    ('queue => ''q'', priority => 1001', 'priority over 1000'),
    ('queue => ''q'', max_attempts => 0', 'max_attempts 0'),
    ('queue => ''q'', max_attempts => 1001', 'max_attempts 1001')) v(a, d);

select * from finish();
rollback;
