begin;
select plan(11);

select set_eq('select kind || ''='' || sqlstate from switchboard.error_codes()',
              array['not_found=SB404', 'conflict=SB409', 'invalid=SB422', 'forbidden=SB403', 'throttled=SB429'], 'the registry lists the five kinds');

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
create temporary table errs on commit drop as
select kind, test.error_of(s) as e from (values
  ('not_found', format('select switchboard.get_todo(%L::uuid, %L::uuid)', :'ep', gen_random_uuid())),
  ('conflict', format('select switchboard.complete(%L::uuid, %L::uuid)', :'ep', :'td')),
  ('invalid', format('select switchboard.claim(%L::uuid, %L::uuid, lease_seconds => 0)', :'ep', :'td')),
  ('forbidden', format('select switchboard.claim_next(%L::uuid)', gen_random_uuid())),
  ('throttled', format('select switchboard.set_endpoint_admission(%L::uuid, 1, 1), switchboard.claim(%L::uuid, %L::uuid), switchboard.claim(%L::uuid, %L::uuid)',
                       :'ep', :'ep', test.todo(:'ep'), :'ep', test.todo(:'ep')))) v(kind, s);

select is(e->>'sqlstate', (select c.sqlstate from switchboard.error_codes() c where c.kind = errs.kind), kind || ' has its SQLSTATE')
  from errs order by kind;
select ok(e->>'message' like kind || ': %', kind || '''s message starts with its kind') from errs order by kind;

select * from finish();
rollback;
