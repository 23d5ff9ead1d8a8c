-- Installed on every shard by `switchboard shard init`, after its migrations: the schema switchboard_shard, where
-- switchboard_shard.generate(envelopes) makes one envelope per entry point the proxy routes. An envelope calls the
-- entry point and answers its result, or the error it raised, as values (sb_v; sb_state, sb_message, sb_detail,
-- sb_hint): the proxy re-raises the error in the shard's own words. A remote call that raised would leave PL/Proxy's
-- connection unread, and PL/Proxy would drop it and connect again at its next call, a new backend (and cold caches)
-- per error: through envelopes a not_found or a throttled costs what a success costs.
drop schema if exists switchboard_shard cascade;
create schema switchboard_shard;
revoke all on schema switchboard_shard from public;
grant usage on schema switchboard_shard to switchboard_agent, switchboard_board, switchboard_metrics, switchboard_admin;
alter default privileges in schema switchboard_shard revoke execute on functions from public;

-- The gate every envelope passes first (an empty table, read before the call takes its snapshot): `shard move` holds
-- it locked on the new database while it copies a partition's rows there, so the partition's calls wait and then
-- see every row moved (a call that had taken its snapshot before the copy committed would not).
create table switchboard_shard.gate (one boolean);
grant select on switchboard_shard.gate to switchboard_agent, switchboard_board, switchboard_metrics, switchboard_admin;

-- envelopes: [{schema, name, short, identity, result, nargs}], as switchboard_proxy.generate returns them.
create function switchboard_shard.generate(envelopes jsonb)
returns integer
language plpgsql
as $$
declare
  f jsonb;
  n integer := 0;
begin
  for f in select * from jsonb_array_elements(envelopes) loop
    execute format($f$create function switchboard_shard.%I(%s%sout sb_v %s, out sb_state text, out sb_message text,
                                                             out sb_detail text, out sb_hint text)
                      language plpgsql volatile set search_path = pg_catalog, pg_temp as %L$f$,
                   f ->> 'short', f ->> 'identity', case when f ->> 'identity' = '' then '' else ', ' end, f ->> 'result',
                   format($b$
begin
  perform from switchboard_shard.gate;
  sb_v := %I.%I(%s);
exception when others then
  get stacked diagnostics sb_state = returned_sqlstate, sb_message = message_text, sb_detail = pg_exception_detail,
                          sb_hint = pg_exception_hint;
end;
$b$, f ->> 'schema', f ->> 'name',
     coalesce((select string_agg('$' || g, ', ') from generate_series(1, (f ->> 'nargs')::integer) g), '')));
    execute format('grant execute on function switchboard_shard.%I(%s) to %I', f ->> 'short', f ->> 'identity',
                   case f ->> 'schema' when 'switchboard' then 'switchboard_admin' else f ->> 'schema' end);
    n := n + 1;
  end loop;
  return n;
end;
$$;

-- The proxy's signal key, for this shard's doorbell rings and other signals (with its two HMAC blocks, as migration
-- 000018 made the shard's own): a server on the proxy reads the proxy's key and LISTENs on every shard.
create function switchboard_shard.use_signal_key(new_key bytea)
returns void
language plpgsql
as $$
declare
  v_block bytea := new_key || decode(repeat('00', 32), 'hex');
  v_ipad bytea := v_block;
  v_opad bytea := v_block;
begin
  for i in 0 .. 63 loop
    v_ipad := set_byte(v_ipad, i, get_byte(v_block, i) # 54);   -- 0x36
    v_opad := set_byte(v_opad, i, get_byte(v_block, i) # 92);   -- 0x5c
  end loop;
  update switchboard_internal.signal_key set key = new_key, ipad = v_ipad, opad = v_opad;
end;
$$;
