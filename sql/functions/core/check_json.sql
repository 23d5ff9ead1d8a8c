-- check_json: size limits on caller JSON (payload, routing, result), measured on its text form (json_fits, the rule
-- complete's one-statement path reads too). invalid when a limit is passed.
create or replace function switchboard_internal.check_json(field text, doc jsonb, max_bytes integer, must_be_object boolean default false)
returns void
language plpgsql
immutable
as $$
begin
  if doc is null then
    return;
  end if;
  if must_be_object and jsonb_typeof(doc) <> 'object' then
    perform switchboard_internal.raise('invalid', format('%s must be a JSON object', field), null);
  end if;
  if not switchboard_internal.json_fits(doc, max_bytes) then
    perform switchboard_internal.raise('invalid', format('%s is larger than %s bytes', field, max_bytes),
                               'Store large data elsewhere and pass a reference.');
  end if;
end;
$$;
comment on function switchboard_internal.check_json(text, jsonb, integer, boolean) is
  'Internal. invalid when a JSON argument is larger than its limit (or, for routing, not an object).';
