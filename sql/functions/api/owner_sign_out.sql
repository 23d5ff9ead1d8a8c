-- owner_sign_out: ends a Board session. live -> signed out; an unknown or already ended session is
-- left as it is, so signing out twice is harmless. Returns {signed_out: true}. Errors: none.
--
-- Example: select switchboard.owner_sign_out(session_secret => '<secret from owner_sign_in>');
create or replace function switchboard.owner_sign_out(session_secret text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  update switchboard.owner_sessions s
     set signed_out_at = now()
   where s.secret_sha256 = switchboard_internal.digest(session_secret) and s.signed_out_at is null;
  return jsonb_build_object('signed_out', true);
end;
$$;
