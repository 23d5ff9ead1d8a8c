-- owner_sign_in: redeems a one-time login token into a Board session. An unspent, unexpired token
-- -> spent, and a new session valid for the setting board_session_hours (12). Locks the token row.
-- Returns {owner_id, handle, session_secret, csrf_token, expires_at}; the secret is shown once and
-- stored as SHA-256. Errors: forbidden (the token is unknown, already used or expired; one answer
-- for all three).
--
-- login_token: the token owner_login_token returned (sbl_…).
--
-- Example: select switchboard.owner_sign_in(login_token => 'sbl_…');
create or replace function switchboard.owner_sign_in(login_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_owner_id uuid;
  v_handle text;
  v_secret text;
  v_expires timestamptz;
begin
  update switchboard.owner_login_tokens t
     set used_at = now()
   where t.token_sha256 = switchboard_internal.digest(login_token) and t.used_at is null and t.expires_at > now()
  returning t.owner_id into v_owner_id;
  if v_owner_id is null then
    perform switchboard_internal.raise('forbidden', 'this sign-in link is unknown, already used or expired',
                               'Run `switchboard owner login <handle>` for a new link; each link works once, for 15 minutes.');
  end if;
  v_secret := switchboard_internal.shard_secret('sbs', switchboard_internal.shard_slot(v_owner_id));
  insert into switchboard.owner_sessions (secret_sha256, owner_id, expires_at)
  values (switchboard_internal.digest(v_secret), v_owner_id,
          now() + make_interval(hours => switchboard_internal.setting_int('board_session_hours', 12, 1, 720)))
  returning expires_at into v_expires;
  select o.handle into v_handle from switchboard.owners o where o.id = v_owner_id;
  return jsonb_build_object('owner_id', v_owner_id, 'handle', v_handle, 'session_secret', v_secret,
                            'csrf_token', switchboard_internal.owner_csrf(v_secret), 'expires_at', switchboard_internal.ts(v_expires));
end;
$$;
