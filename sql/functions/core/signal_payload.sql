-- signal_payload: what a signal on channel about subjects carries. Any login of the database may
-- LISTEN and NOTIFY, so a signal carries no id and no user text, and the server acts only on one it
-- can check (src/signals.ts). Each subject ('endpoint:<id>', 'queue:<endpoint id>:<queue>') becomes
-- its tag, the first 16 bytes of HMAC-SHA256('tag:<subject>') under the signal key
-- (switchboard_internal.signal_key) in hex: stable, so the server (which holds the key) finds its
-- waiters by it, and meaningless without the key. The payload is
-- '<tag>[.<tag>...].<ms>.<xid>.<mac>': ms the transaction's start in milliseconds since 1970 and
-- xid its id (together unique to the transaction, so a listener can tell a replay), mac the first
-- 16 bytes of HMAC-SHA256('<channel>:<the rest>') in hex (the channel is in it: no replay on
-- another channel). HMAC (RFC 2104) from the key's precomputed blocks, sha256(opad || sha256(ipad
-- || message)), the key read once. Assigns the transaction an id if it has none (every caller
-- writes anyway). Reads the signal key; never raises.
create or replace function switchboard_internal.signal_payload(channel text, subjects text[])
returns text
language plpgsql
stable
as $$
declare
  v_ipad bytea;
  v_opad bytea;
  v_signed text;
  v_subject text;
begin
  select k.ipad, k.opad into v_ipad, v_opad from switchboard_internal.signal_key k;
  foreach v_subject in array subjects loop
    v_signed := concat_ws('.', v_signed,
                          encode(substring(sha256(v_opad || sha256(v_ipad || convert_to('tag:' || v_subject, 'UTF8'))) from 1 for 16), 'hex'));
  end loop;
  v_signed := v_signed || '.' || floor(extract(epoch from transaction_timestamp()) * 1000)::bigint::text
              || '.' || pg_current_xact_id()::text;
  return v_signed || '.' || encode(substring(
           sha256(v_opad || sha256(v_ipad || convert_to(channel || ':' || v_signed, 'UTF8'))) from 1 for 16), 'hex');
end;
$$;
