-- bulk_limit: how many todos one call of a bulk act on a queue may change: its batch_limit.
-- batch_limit null means the setting that caps it (1000 unless set, 1..100000). Returns the limit.
-- Errors: invalid (batch_limit below 1 or over the setting, which it names).
create or replace function switchboard_internal.bulk_limit(batch_limit integer, setting text)
returns integer
language plpgsql
stable
as $$
#variable_conflict use_variable
declare
  v_max integer := switchboard_internal.setting_int(setting, 1000, 1, 100000);
  v_limit integer := coalesce(batch_limit, v_max);
begin
  if v_limit < 1 or v_limit > v_max then
    perform switchboard_internal.raise('invalid', format('batch_limit must be between 1 and %s (the setting %s)', v_max, setting),
                                       'Call again while more is true.');
  end if;
  return v_limit;
end;
$$;
