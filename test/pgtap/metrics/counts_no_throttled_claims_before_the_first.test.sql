-- claims_throttled is 0 on a database where no claim was ever throttled (its counter never used).
begin;
select plan(1);

alter sequence switchboard.claims_throttled restart; -- as on a fresh database (rolled back with the test)
select is((switchboard.metrics()->>'claims_throttled')::bigint, 0::bigint, 'none throttled yet: 0');

select * from finish();
rollback;
