begin;
select plan(2);

-- raise and error_codes both read contract(): every kind raises the SQLSTATE error_codes() lists for it.
select cmp_ok((select count(*) from switchboard.error_codes()), '>=', 4::bigint, 'error_codes lists the kinds');
select is_empty($$
  select e.kind from switchboard.error_codes() e
   where test.error_of(format('select switchboard_internal.raise(%L, %L)', e.kind, 'x')) ->> 'sqlstate' is distinct from e.sqlstate
$$, 'each kind raises the SQLSTATE error_codes() gives it');

select * from finish();
rollback;
