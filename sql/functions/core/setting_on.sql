-- setting_on: whether a stored setting's text reads as true. True, on, yes or 1, in any case and
-- trimmed; anything else, and no value, is false. The one reading of a true/false setting:
-- setting_bool reads the row and asks it; a statement that reads the row itself inlines it.
create or replace function switchboard_internal.setting_on(value text)
returns boolean
language sql
immutable
parallel safe
as $$
  select coalesce(lower(trim(setting_on.value)) in ('true', 'on', 'yes', '1'), false)
$$;
