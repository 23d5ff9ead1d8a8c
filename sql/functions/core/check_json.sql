-- check_json: refuses caller JSON (payload, routing, result) over its size limit. The size is that
-- of its text form (json_fits, the rule complete's one-statement path reads too); with
-- must_be_object (routing), anything but an object is refused too. Errors: invalid.
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
