-- default_lease: the lease a claim gets when it asks for none, from the stored setting's text.
-- default_lease_seconds when it is a whole number in 1..86400, else 300. Pure, so claim_next can
-- read the setting in the statement that authorizes it and parse it here, inlined.
create or replace function switchboard_internal.default_lease(stored text)
returns integer
language sql
immutable
parallel safe
as $$
  select switchboard_internal.int_of(stored, 300, switchboard_internal.limit_of('lease_seconds_min'),
                                     switchboard_internal.limit_of('lease_seconds_max'))
$$;
