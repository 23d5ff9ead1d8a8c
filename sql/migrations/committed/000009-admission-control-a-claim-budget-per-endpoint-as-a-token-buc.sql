--! Previous: sha1:a237175d9d140e7fcc8b0e3079a256448e45e2d2
--! Hash: sha1:eb01daf91789b0f1b8dc351abe68cb2646c4753a
--! Message: admission control: a claim budget per endpoint as a token bucket, and the throttled counter

-- Admission control (ADR-0035, issue 13): a claim budget per endpoint, kept as a token bucket.
-- endpoint_admission: one row per endpoint that has a budget; no row = no budget, so the common case costs a
-- claim one primary-key probe of a (small) table. switchboard_internal.admit_claim charges one unit in the
-- claim's own transaction (called from open_attempt, the transition every claim goes through), with the row
-- locked, so units charged and attempts opened count identically. Refilled by elapsed time at
-- claims_per_minute / 60 units a second, up to burst units; set with switchboard.set_endpoint_admission.
create table if not exists switchboard.endpoint_admission (
  endpoint_id       uuid primary key references switchboard.endpoints (id) on delete cascade,
  claims_per_minute integer not null
                    constraint endpoint_admission_rate_range check (claims_per_minute between 1 and 1000000),
  burst             integer not null
                    constraint endpoint_admission_burst_range check (burst between 1 and 1000000),
  units             double precision not null
                    constraint endpoint_admission_units_range check (units >= 0 and units <= burst),
  refilled_at       timestamptz not null,
  charged           bigint not null default 0 constraint endpoint_admission_charged_nonnegative check (charged >= 0),
  updated_at        timestamptz not null default now()
);
comment on table switchboard.endpoint_admission is
  'Claim budgets (ADR-0035): a token bucket per endpoint (units, refilled_at), refilled at claims_per_minute/60 a second up to burst; charged counts units ever charged under the budget. No row: no budget.';
revoke all on switchboard.endpoint_admission from public;
grant select on switchboard.endpoint_admission to switchboard_admin;

-- claims_throttled: claims refused over budget, for switchboard_claims_throttled_total. A sequence because a
-- refusal rolls its transaction back and nextval does not roll back: every refusal counts, from any surface.
-- (After a server crash a sequence may skip ahead by up to 32, so the counter can jump, never go down.)
create sequence if not exists switchboard.claims_throttled as bigint minvalue 0 start with 1;
comment on sequence switchboard.claims_throttled is
  'Counter of claims refused as throttled (SB429); read with last_value/is_called by metrics().';
revoke all on switchboard.claims_throttled from public;
grant select on switchboard.claims_throttled to switchboard_admin;
