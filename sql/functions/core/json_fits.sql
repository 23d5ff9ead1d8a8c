-- json_fits: the one size rule of caller JSON (payload, routing, result). Absent, or at most
-- max_bytes in its text form. check_json raises invalid when it does not hold; complete tests it to
-- choose its one-statement path (a result over the limit goes the long way, where check_json
-- refuses it). Inlined where it is called.
create or replace function switchboard_internal.json_fits(doc jsonb, max_bytes integer)
returns boolean
language sql
immutable
as $$
  select doc is null or octet_length(doc::text) <= max_bytes;
$$;
