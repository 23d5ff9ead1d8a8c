-- owner_login_token: mint a one-time Board sign-in token for an owner (`switchboard owner login <handle>`).
--   -> a new unspent token, valid valid_minutes (default 15, at most 15). Only its SHA-256 is stored; the token
--   is returned here once. Returns {owner_id, handle, login_token, expires_at}.
--   Errors: not_found (no owner with that handle), invalid (valid_minutes not 1..15).
create or replace function switchboard.owner_login_token(handle text, valid_minutes integer default 15)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_owner switchboard.owners;
  v_token text := 'sbl_' || switchboard_internal.random_token(32);
  v_expires timestamptz;
begin
  if valid_minutes is null or valid_minutes not between 1 and 15 then
    perform switchboard_internal.raise('invalid', 'valid_minutes must be between 1 and 15', 'A sign-in link lives at most 15 minutes.');
  end if;
  select o.* into v_owner from switchboard.owners o where lower(o.handle) = lower(handle);
  if not found then
    perform switchboard_internal.raise('not_found', format('no owner with handle %s', handle), 'Create it with add_owner.');
  end if;
  insert into switchboard.owner_login_tokens (token_sha256, owner_id, expires_at)
  values (switchboard_internal.digest(v_token), v_owner.id, now() + make_interval(mins => valid_minutes))
  returning expires_at into v_expires;
  return jsonb_build_object('owner_id', v_owner.id, 'handle', v_owner.handle, 'login_token', v_token,
                            'expires_at', switchboard_internal.ts(v_expires));
end;
$$;
comment on function switchboard.owner_login_token(text, integer) is
$$owner_login_token(handle, valid_minutes 15) -> {owner_id, handle, login_token, expires_at}. Mints a one-time Board sign-in
token (case-insensitive handle), valid 1..15 minutes, stored only as SHA-256 and shown here once; redeem it with owner_sign_in.
Errors: not_found (no such owner), invalid (valid_minutes).$$;
