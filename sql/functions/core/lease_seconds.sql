-- lease_seconds: the lease a claim or heartbeat asked for (1 s .. 24 h), or default_lease_seconds.
create or replace function switchboard_internal.lease_seconds(requested integer)
returns integer
language plpgsql
stable
as $$
begin
  if requested is null then
    return switchboard_internal.setting_int('default_lease_seconds', 300, 1, 86400);
  end if;
  if requested < 1 or requested > 86400 then
    perform switchboard_internal.raise('invalid', format('lease_seconds must be between 1 and 86400, not %s', requested),
                               'Ask for a lease as long as the work needs and extend it with heartbeat.');
  end if;
  return requested;
end;
$$;
comment on function switchboard_internal.lease_seconds(integer) is
  'Internal. Validates a requested lease (1..86400 s, else invalid) or supplies default_lease_seconds.';
