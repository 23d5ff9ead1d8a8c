-- owner_session: resolves a Board session secret to its owner. A live session (not signed out, not
-- expired) answers; for a state-changing action the session's CSRF token must come with it. Reads
-- only. Returns {owner_id, handle, csrf_token, expires_at}. Errors: forbidden (unknown, expired or
-- signed-out session; with for_write, a missing or wrong csrf_token).
--
-- for_write: the call is for a state-changing action, so csrf_token must be the session's.
--
-- Example: select switchboard.owner_session(session_secret => '<secret from owner_sign_in>');
create or replace function switchboard.owner_session(session_secret text, csrf_token text default null, for_write boolean default false)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_owner_id uuid;
  v_handle text;
  v_expires timestamptz;
  v_csrf text := switchboard_internal.owner_csrf(session_secret);
begin
  select s.owner_id, o.handle, s.expires_at into v_owner_id, v_handle, v_expires
    from switchboard.owner_sessions s join switchboard.owners o on o.id = s.owner_id
   where s.secret_sha256 = switchboard_internal.digest(session_secret) and s.signed_out_at is null and s.expires_at > now();
  if v_owner_id is null then
    perform switchboard_internal.raise('forbidden', 'not signed in, or the session has expired',
                               'Sign in with a link from `switchboard owner login <handle>`.');
  end if;
  -- Digests are compared rather than the tokens, so the comparison time says nothing about the token.
  if for_write
     and (csrf_token is null or switchboard_internal.digest(csrf_token) is distinct from switchboard_internal.digest(v_csrf)) then
    perform switchboard_internal.raise('forbidden', 'the form''s CSRF token does not match this session',
                               'Reload the page and submit the form again.');
  end if;
  return jsonb_build_object('owner_id', v_owner_id, 'handle', v_handle, 'csrf_token', v_csrf,
                            'expires_at', switchboard_internal.ts(v_expires));
end;
$$;
