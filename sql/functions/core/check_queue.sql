-- check_queue: refuses a queue name that is not a short identifier. 1-128 of letters, digits and _
-- . : / -, starting with a letter or digit, because queue names appear in metrics labels and
-- doorbells. Errors: invalid.
create or replace function switchboard_internal.check_queue(queue text)
returns void
language plpgsql
immutable
as $$
begin
  if queue is null or queue !~ '^[A-Za-z0-9][A-Za-z0-9_.:/-]{0,127}$' then
    perform switchboard_internal.raise('invalid',
      'queue must be 1-128 characters: letters, digits, and _ . : / - (not first)', null);
  end if;
end;
$$;
