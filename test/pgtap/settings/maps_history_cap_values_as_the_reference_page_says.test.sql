begin;
select plan(9);

-- The cap function the claim reads: below 5 raised to 5; not a whole number 0..999999 means 50.
create function pg_temp.cap_for(v text) returns integer language plpgsql as $$
begin
  perform test.set('attempt_history_max_per_todo', v);
  return switchboard_internal.history_cap();
end;
$$;
select is(pg_temp.cap_for(v), cap, quote_literal(v) || ' -> ' || cap)
  from (values ('3', 5), ('0', 5), ('-1', 50), ('abc', 50), ('1000000', 50), ('100', 100), ('999999', 999999),
               ('1e3', 50), ('50.0', 50)) v(v, cap);

select * from finish();
rollback;
