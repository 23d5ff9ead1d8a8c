begin;
select plan(14);

select test.endpoint(handle => 'alice') as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.todo(:'ep') as t1 \gset
select test.todo(:'ep') as t2 \gset
select test.todo(:'ep') as t3 \gset
select test.todo(:'ep') as t4 \gset
select switchboard.set_endpoint_admission(:'ep', 6) \gset

create temporary table opened on commit drop as
select count(*) as n from switchboard.todo_attempts a join switchboard.todos t on t.id = a.todo_id where t.endpoint_id = :'ep';
create function pg_temp.attempts_opened() returns bigint language sql as $$
  select count(*) - (select n from opened) from switchboard.todo_attempts a join switchboard.todos t on t.id = a.todo_id
   where t.endpoint_id = (select endpoint_id from switchboard.endpoint_admission limit 1)
$$;
create function pg_temp.charged() returns bigint language sql as $$
  select charged from switchboard.endpoint_admission limit 1
$$;

select switchboard.claim(:'ep', :'t1') \gset
select is(pg_temp.charged(), 1::bigint, 'claim: one unit');
select switchboard.claim_next(:'ep') \gset
select is(pg_temp.charged(), 2::bigint, 'claim_next: one unit');
select switchboard.owner_claim(:'ow', :'t3') \gset
select is(pg_temp.charged(), 3::bigint, 'the Board''s claim of the endpoint''s todo: one unit');
select test.lapse(:'t1');
select switchboard.claim_next(:'ep') \gset
select is(pg_temp.charged(), 4::bigint, 'claim_next taking over a lapsed lease: one unit');
select test.lapse(:'t2');
select switchboard.claim(:'ep', :'t2') \gset
select is(pg_temp.charged(), 5::bigint, 'claim taking over a lapsed lease: one unit');
select test.lapse(:'t3');
select switchboard.owner_claim(:'ow', :'t3') \gset
select is(pg_temp.charged(), 6::bigint, 'the Board taking over a lapsed lease: one unit');
select is(pg_temp.charged(), pg_temp.attempts_opened(), 'units charged = attempts opened (6)');

-- The bucket is empty: every kind of claim is refused, and none opens an attempt.
select test.lapse(:'t1');
select throws_ok(format('select switchboard.claim(%L, %L)', :'ep', :'t4'), 'SB429', null, 'claim: throttled');
select throws_ok(format('select switchboard.claim_next(%L)', :'ep'), 'SB429', null, 'claim_next (a takeover is due): throttled');
select throws_ok(format('select switchboard.claim(%L, %L)', :'ep', :'t1'), 'SB429', null, 'a takeover by claim: throttled');
select throws_ok(format('select switchboard.owner_claim(%L, %L)', :'ow', :'t4'), 'SB429', null, 'the Board''s claim: throttled');
select is(pg_temp.charged(), pg_temp.attempts_opened(), 'units charged = attempts opened, still 6');
select is((select jsonb_build_object('state', state, 'attempt', attempt) from switchboard.todos where id = :'t4'),
          '{"state": "pending", "attempt": 0}'::jsonb, 'the todo a refused claim named is unchanged');
select is((select ended_at is null from switchboard.todo_attempts where todo_id = :'t1' order by seq desc limit 1), true,
          'a refused takeover did not close the lapsed attempt');

select * from finish();
rollback;
