-- check_queue: queue names are short identifiers, because they appear in metrics labels and doorbells.
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
comment on function switchboard_internal.check_queue(text) is 'Internal. invalid unless queue matches ^[A-Za-z0-9][A-Za-z0-9_.:/-]{0,127}$.';
