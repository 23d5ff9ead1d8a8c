begin;
select plan(9);

-- One todo whose history holds every outcome an agent path can produce: released, lease_expired, reaped, failed,
-- and one completed; died is true exactly for lease_expired and reaped.
select test.endpoint() as ep \gset
select test.todo(:'ep', max_attempts => 10) as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c1 \gset
select switchboard.release(:'ep'::uuid, :'td'::uuid) as r \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c2 \gset
select test.lapse(:'td');
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c3 \gset
select test.lapse(:'td');
select switchboard.reap() as reaped \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c4 \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid) as f \gset
select test.due(:'td');
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c5 \gset
select switchboard.get_todo(:'ep'::uuid, :'td'::uuid) as open_doc \gset
select switchboard.complete(:'ep'::uuid, :'td'::uuid) as d \gset
select switchboard.get_todo(:'ep'::uuid, :'td'::uuid) as g \gset

select is(x->>'outcome', o, 'seq ' || (x->>'seq') || ' is ' || o)
  from jsonb_array_elements((:'g'::jsonb)->'attempts') x
  join (values (1, 'released'), (2, 'lease_expired'), (3, 'reaped'), (4, 'failed'), (5, 'completed')) v(s, o) on v.s = (x->>'seq')::int;
select is(array(select x->>'outcome' from jsonb_array_elements((:'g'::jsonb)->'attempts') x where (x->>'died')::boolean order by x->>'seq'),
          array['lease_expired', 'reaped'], 'died is true exactly for lease_expired and reaped');
select is((:'g'::jsonb)#>>'{attempts,2,summary}', null, 'a dead attempt has no summary');
select is((:'g'::jsonb)#>>'{attempts,2,artifact}', null, 'nor an artifact');
select is((:'open_doc'::jsonb)#>'{attempts,0,died}', 'false'::jsonb, 'an open attempt has not died');

select * from finish();
rollback;
