-- owner_login_token: mints a one-time Board sign-in token for an owner. What `switchboard owner
-- login <handle>` prints as a link. The token is new and unspent, valid for valid_minutes; only its
-- SHA-256 is stored, and the token is returned here once. Returns {owner_id, handle, login_token,
-- expires_at}. Errors: not_found (no owner with that handle), invalid (valid_minutes not 1..15).
--
-- handle: the owner's sign-in name, whatever its case.
-- valid_minutes: how long the token can be redeemed, 1..15.
--
-- Example: select switchboard.owner_login_token(handle => 'alice');
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
  v_token text;
  v_expires timestamptz;
begin
  if valid_minutes is null or valid_minutes not between 1 and 15 then
    perform switchboard_internal.raise('invalid', 'valid_minutes must be between 1 and 15', 'A sign-in link lives at most 15 minutes.');
  end if;
  select o.* into v_owner from switchboard.owners o where lower(o.handle) = lower(handle);
  if not found then
    perform switchboard_internal.raise('not_found', format('no owner with handle %s', handle), 'Create it with add_owner.');
  end if;
  v_token := switchboard_internal.shard_secret('sbl', switchboard_internal.shard_slot(v_owner.id));
  insert into switchboard.owner_login_tokens (token_sha256, owner_id, expires_at)
  values (switchboard_internal.digest(v_token), v_owner.id, now() + make_interval(mins => valid_minutes))
  returning expires_at into v_expires;
  return jsonb_build_object('owner_id', v_owner.id, 'handle', v_owner.handle, 'login_token', v_token,
                            'expires_at', switchboard_internal.ts(v_expires));
end;
$$;
