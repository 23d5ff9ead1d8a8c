-- With nothing claimable (every todo here ended), metrics' per-queue oldest claimable age is an empty list, never null,
-- so a scraper iterates it as it does a full one.
begin;
select plan(1);

update switchboard.todos x set state = 'canceled', ready_at = null where x.ready_at is not null;
select is(switchboard.metrics()->'oldest_claimable_age_seconds', '[]'::jsonb, 'nothing claimable: an empty list');

select * from finish();
rollback;
