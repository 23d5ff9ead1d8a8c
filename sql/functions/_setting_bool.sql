-- _setting_bool: a true/false setting read now; anything but a recognised true means false.
create or replace function switchboard._setting_bool(setting_key text)
returns boolean
language sql
stable
as $$
  select coalesce((select lower(trim(s.value)) in ('true', 'on', 'yes', '1')
                   from switchboard.settings s where s.key = setting_key), false)
$$;
comment on function switchboard._setting_bool(text) is 'Internal. A boolean setting; missing or unrecognised values are false.';
