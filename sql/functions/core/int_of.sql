-- int_of: the whole number a stored setting value means, or the fallback. The fallback when the
-- value is missing, malformed or outside min_value..max_value. Pure (no read), so a statement that
-- already read the value (claim_next reads default_lease_seconds with its authorization) parses it
-- as setting_int would, inlined, without a second lookup.
create or replace function switchboard_internal.int_of(value text, fallback integer, min_value integer, max_value integer)
returns integer
language sql
immutable
parallel safe
as $$
  select case when value ~ '^\s*-?[0-9]{1,12}\s*$' and trim(value)::bigint between min_value and max_value
              then trim(value)::integer
              else fallback end
$$;
