-- switchboard_proxy.fan_out(signature, argnames): one function that is not per scope. reap, prune,
-- requeue_due_retries, ring_due_todos, queue_owed_jobs and run_schedules run on every shard (`run on all`) and answer the sum; metrics run on every shard and answer
-- the documents merged (merge_metrics); contract, the same on every shard, runs on partition 0.
create function switchboard_proxy.fan_out(f jsonb, v_names text[])
returns void
language plpgsql
as $$
declare
  v_name text := f ->> 'name';
  v_short text := case f ->> 'schema' when 'switchboard' then 'admin' else replace(f ->> 'schema', 'switchboard_', '') end
                  || '__' || v_name;
  v_cluster text := case f ->> 'schema' when 'switchboard' then 'switchboard_admin' else 'switchboard' end;
  v_role text := case f ->> 'schema' when 'switchboard' then 'switchboard_admin' else f ->> 'schema' end;
  v_args text := coalesce((select string_agg('$' || g, ', ') from generate_series(1, cardinality(v_names)) g), '');
  v_body text;
begin
  if v_name = 'contract' then
    execute format('create function switchboard_proxy.%I(%s) returns %s language plproxy as %L', v_short,
                   f ->> 'identity', f ->> 'result', format('cluster %L; run on 0; target %I.%I;', v_cluster, f ->> 'schema', v_name));
    v_body := format('select switchboard_proxy.%I(%s)', v_short, v_args);
  else
    execute format('create function switchboard_proxy.%I(%s) returns setof %s language plproxy as %L', v_short,
                   f ->> 'identity', f ->> 'result', format('cluster %L; run on all; target %I.%I;', v_cluster, f ->> 'schema', v_name));
    v_body := case when v_name = 'metrics'
                   then format('select switchboard_proxy.merge_metrics(array(select switchboard_proxy.%I(%s)))', v_short, v_args)
                   else format('select coalesce(sum(n), 0)::%s from switchboard_proxy.%I(%s) n', f ->> 'result', v_short, v_args) end;
  end if;
  execute format('create function %I.%I(%s) returns %s language sql volatile security definer
                  set search_path = pg_catalog, pg_temp as %L',
                 f ->> 'schema', v_name, f ->> 'args', f ->> 'result', v_body);
  execute format('comment on function %I.%I(%s) is %L', f ->> 'schema', v_name, f ->> 'identity',
                 coalesce(f ->> 'comment', '') || case when v_name = 'contract' then E'\n(Proxy: runs on partition 0.)'
                                                       else E'\n(Proxy: runs on every shard, merged.)' end);
  execute format('grant execute on function %I.%I(%s) to %I', f ->> 'schema', v_name, f ->> 'identity', v_role);
end;
$$;

-- switchboard_proxy.generate(signatures): the proxy's per-scope entry points, made from the shards' own signatures
-- (pg_proc rows that `switchboard shard init` reads from a migrated shard), so the proxy cannot drift from them.
-- For each function whose arguments include a routing key, two functions:
--   switchboard_proxy.<surface>__<name>  language plproxy: `cluster …; run on <slot of the key>;
--                                         target switchboard_shard.<surface>__<name>` (the shard's envelope of the
--                                         entry point, sql/proxy/shard.sql: its result or its error, as values)
--   <schema>.<name>                       the same name, arguments, defaults and result as on the shard: calls the
--                                         first, and raises a shard's error in the shard's own words
-- The routing key is the first argument named credential, session_secret or login_token (a secret's slot prefix),
-- owner_id, admin_owner_id, endpoint_id or team_id (an id's first byte), or handle (its hash). Returns
-- {routed: [...], skipped: [...], envelopes: [...]} (skipped: no key, or a set-returning function; envelopes: what
-- `shard init` passes to switchboard_shard.generate on every shard).
create function switchboard_proxy.generate(signatures jsonb)
returns jsonb
language plpgsql
as $$
declare
  f jsonb;
  v_names text[];
  v_i integer;
  v_key text;
  v_kind text;
  v_short text;
  v_cluster text;
  v_role text;
  v_call text;
  v_guard text;
  v_routed text[] := '{}';
  v_skipped text[] := '{}';
  v_envelopes jsonb := '[]';
begin
  for f in select * from jsonb_array_elements(signatures) loop
    v_names := array(select jsonb_array_elements_text(coalesce(f -> 'argnames', '[]')));
    if (f ->> 'schema') || '.' || (f ->> 'name') in ('switchboard.reap', 'switchboard.prune',
        'switchboard.requeue_due_retries', 'switchboard.ring_due_todos', 'switchboard.queue_owed_jobs', 'switchboard.run_schedules', 'switchboard.metrics', 'switchboard_metrics.metrics', 'switchboard.contract') then
      perform switchboard_proxy.fan_out(f, v_names);
      v_routed := v_routed || ((f ->> 'schema') || '.' || (f ->> 'name'));
      continue;
    end if;
    v_key := null;
    for v_i in 1 .. coalesce(cardinality(v_names), 0) loop
      if v_names[v_i] in ('credential', 'session_secret', 'login_token', 'owner_id', 'admin_owner_id', 'endpoint_id',
                          'team_id', 'handle') then
        v_key := v_names[v_i];
        exit;
      end if;
    end loop;
    if v_key is null or (f ->> 'retset')::boolean or exists (
         select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = f ->> 'schema' and p.proname = f ->> 'name') then
      -- No key, a set, or defined by the proxy itself (mcp_session_key, signal_key): not generated.
      v_skipped := v_skipped || ((f ->> 'schema') || '.' || (f ->> 'name'));
      continue;
    end if;
    v_kind := case when v_key in ('credential', 'session_secret', 'login_token') then 'secret_slot'
                   when v_key = 'handle' then 'handle_slot' else 'id_slot' end;
    v_short := case f ->> 'schema' when 'switchboard' then 'admin' else replace(f ->> 'schema', 'switchboard_', '') end
               || '__' || (f ->> 'name');
    v_cluster := case f ->> 'schema' when 'switchboard' then 'switchboard_admin' else 'switchboard' end;
    v_role := case f ->> 'schema' when 'switchboard' then 'switchboard_admin' else f ->> 'schema' end;
    execute format($f$create function switchboard_proxy.%I(%s, out sb_v %s, out sb_state text, out sb_message text,
                                                           out sb_detail text, out sb_hint text)
                      language plproxy as %L$f$,
                   v_short, f ->> 'identity', f ->> 'result',
                   format('cluster %L; run on switchboard_proxy.%s(%I); target switchboard_shard.%I;',
                          v_cluster, v_kind, v_key, v_short));
    v_envelopes := v_envelopes || jsonb_build_object('schema', f ->> 'schema', 'name', f ->> 'name', 'short', v_short,
                                                     'identity', f ->> 'identity', 'result', f ->> 'result',
                                                     'nargs', cardinality(v_names));
    v_call := format('switchboard_proxy.%I(%s)', v_short,
                     (select string_agg('$' || g, ', ') from generate_series(1, cardinality(v_names)) g));
    -- A key that may be null means "every scope" on a shard (list_teams(owner_id => null)): through the proxy that
    -- would be partition 0's only, so it is refused rather than answered in part.
    v_guard := case when (f ->> 'args') ~ ('(^|, )' || v_key || ' \w+ DEFAULT NULL') then format(
      $g$if $%s is null then
    raise exception using errcode = 'SB422', message = 'invalid: through the proxy %s needs a %s',
      hint = 'The proxy routes by it; for every scope, ask each shard.';
  end if;
  $g$, array_position(v_names, v_key), f ->> 'name', v_key) else '' end;
    execute format($f$create function %I.%I(%s) returns %s language plpgsql volatile security definer
                      set search_path = pg_catalog, pg_temp as %L$f$,
                   f ->> 'schema', f ->> 'name', f ->> 'args', f ->> 'result',
                   format($b$
declare
  r record;
begin
  %sselect * into r from %s;
  if r.sb_state is not null then
    perform switchboard_proxy.reraise(r.sb_state, r.sb_message, r.sb_detail, r.sb_hint);
  end if;
  return r.sb_v;
end;
$b$, v_guard, v_call));
    execute format('comment on function %I.%I(%s) is %L', f ->> 'schema', f ->> 'name', f ->> 'identity',
                   coalesce(f ->> 'comment', '') || E'\n(Proxy: runs on the shard of its ' || v_key || '.)');
    execute format('grant execute on function %I.%I(%s) to %I', f ->> 'schema', f ->> 'name', f ->> 'identity', v_role);
    v_routed := v_routed || ((f ->> 'schema') || '.' || (f ->> 'name'));
  end loop;
  return jsonb_build_object('routed', to_jsonb(v_routed), 'skipped', to_jsonb(v_skipped), 'envelopes', v_envelopes);
end;
$$;
