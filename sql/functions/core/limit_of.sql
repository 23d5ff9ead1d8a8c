-- limit_of: one limit of contract() by name (title_bytes, summary_bytes, json_bytes, …). Immutable
-- with a constant argument, so a body's limit_of('summary_bytes') is folded to its number when the
-- plan is made. null for an unknown name.
create or replace function switchboard_internal.limit_of(name text)
returns integer
language sql
immutable
parallel safe
as $$
  select (switchboard_internal.contract() -> 'limits' ->> name)::integer;
$$;
