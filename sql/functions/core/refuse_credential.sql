-- refuse_credential: raises the one forbidden for a credential the database does not honour.
-- Unknown, expired, rotated out or its endpoint revoked: not told apart. DETAIL carries
-- {"credential": "refused"}, the stable mark that sets it apart from a verb the endpoint lacks, so
-- a surface answers it as HTTP 401 whichever statement found it. It says nothing of any other
-- tenant. Errors: forbidden (SB403), always.
create or replace function switchboard_internal.refuse_credential(message text)
returns void
language plpgsql
volatile
as $$
-- @plpgsql_check_options: performance_warnings = false
-- (It only raises; VOLATILE so that a call with a constant argument is never folded at plan time.)
declare
  v_state text := (select e ->> 'sqlstate' from jsonb_array_elements(switchboard_internal.contract() -> 'errors') e
                    where e ->> 'kind' = 'forbidden');
begin
  raise exception using errcode = v_state, message = 'forbidden: ' || message,
    detail = jsonb_build_object('credential', 'refused')::text,
    hint = 'Ask the owner to vend a new endpoint credential.';
end;
$$;
