-- lease_seconds: the lease a claim or heartbeat asked for, or the setting default_lease_seconds. A
-- requested lease must be 1..86400 seconds. Errors: invalid.
create or replace function switchboard_internal.lease_seconds(requested integer)
returns integer
language plpgsql
stable
as $$
begin
  if requested is null then
    return switchboard_internal.default_lease((select s.value from switchboard.settings s where s.key = 'default_lease_seconds'));
  end if;
  if requested < switchboard_internal.limit_of('lease_seconds_min') or requested > switchboard_internal.limit_of('lease_seconds_max') then
    perform switchboard_internal.raise('invalid', format('lease_seconds must be between %s and %s, not %s',
      switchboard_internal.limit_of('lease_seconds_min'), switchboard_internal.limit_of('lease_seconds_max'), requested),
                               'Ask for a lease as long as the work needs and extend it with heartbeat.');
  end if;
  return requested;
end;
$$;
