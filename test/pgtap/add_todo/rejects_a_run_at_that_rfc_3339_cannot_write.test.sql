begin;
select plan(6);

-- Every document writes times as RFC 3339 (four-digit years). A run_at it cannot write would come back as
-- null or as a five-digit year, and an infinite one would never (or always) be due: both are invalid.
select test.endpoint() as ep \gset

select throws_ok(format('select switchboard.add_todo(%L::uuid, %L, run_at => %L)', :'ep', 'q', r), 'SB422', null, d)
  from (values ('infinity', 'infinity'), ('-infinity', '-infinity'), ('10000-01-01T00:00:00Z', 'year 10000'),
               ('0001-01-01T00:00:00Z BC', 'a year BC')) v(r, d);
select is((switchboard.add_todo(:'ep'::uuid, 'q', run_at => '9999-12-31T23:59:59Z'))->>'run_at', '9999-12-31T23:59:59.000000Z',
          'the last second of year 9999 is accepted and written back');
select is((select count(*) from switchboard.todos where endpoint_id = :'ep'), 1::bigint, 'only that todo was created');

select * from finish();
rollback;
