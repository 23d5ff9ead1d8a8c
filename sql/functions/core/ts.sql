-- ts: a timestamp as RFC 3339 text in UTC with microseconds, the one time format every document
-- uses. null stays null.
create or replace function switchboard_internal.ts(t timestamptz)
returns text
language sql
stable
as $$
  select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
$$;
