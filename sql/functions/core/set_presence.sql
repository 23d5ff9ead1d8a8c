-- set_presence: clocks an endpoint in or out (ADR-0027). The one transition behind every way to do
-- it (an agent's clock_in and clock_out, its owner's on the Board and the CLI, the DBA's
-- set_endpoint_presence); the caller has checked who may. Clocked out, the endpoint is rung by no
-- doorbell: ring() skips it, and the webhook deliveries queued for it before are dropped (counted
-- as skipped). Clocked back in, it is rung once for each queue of its scopes (its own and its
-- team's) with a todo claimable now, so what came in while it was out reaches its long polls and
-- its webhook. Its claims open attempts exactly as before either way. presence_since moves only
-- when presence changes. Locks the endpoint row. Returns {endpoint_id, agent_id, clocked_in,
-- presence_since, changed}. Errors: invalid (clocked_in null), not_found (no such endpoint),
-- conflict (revoked: no doorbell rings for it anyway).
create or replace function switchboard_internal.set_presence(endpoint_id uuid, clocked_in boolean)
returns jsonb
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_e switchboard.endpoints;
  v_changed boolean;
  v_skipped integer;
  v_queue text;
begin
  if clocked_in is null then
    perform switchboard_internal.raise('invalid', 'clocked_in must be true or false', null);
  end if;
  -- No key changes: FOR NO KEY UPDATE lets adds of this endpoint (their foreign key check) go on meanwhile.
  select e.* into v_e from switchboard.endpoints e where e.id = endpoint_id for no key update;
  if not found then
    perform switchboard_internal.raise('not_found', format('no endpoint %s in this scope', endpoint_id),
                                       'list_endpoints shows the endpoints you vended.');
  end if;
  if v_e.revoked_at is not null then
    perform switchboard_internal.raise('conflict', 'this endpoint is revoked: no doorbell rings for it, in or out', null);
  end if;
  v_changed := v_e.clocked_in is distinct from clocked_in;
  if v_changed then
    update switchboard.endpoints e set clocked_in = set_presence.clocked_in, presence_since = now()
     where e.id = v_e.id returning e.* into v_e;
    if not v_e.clocked_in then
      with gone as (delete from switchboard.deliveries d where d.kind = 'doorbell' and d.endpoint_id = v_e.id returning 1)
      select count(*)::integer into v_skipped from gone;
      if v_skipped > 0 then
        perform switchboard_internal.count_doorbell_skips(v_skipped);
      end if;
    else
      -- Each queue of each of its scopes (its own, its team's) once: a skip scan over todos_ready_queue_idx, however
      -- many todos wait. Only this endpoint is rung: the rest of its team heard the rings while it was out.
      for v_queue in
        with recursive q(scope_id, queue) as (
          (select x.scope_id, x.queue from switchboard.todos x
            where x.scope_id = v_e.id and x.ready_at <= now() order by x.queue limit 1)
          union all
          (select x.scope_id, x.queue from switchboard.todos x
            where x.scope_id = v_e.team_id and x.ready_at <= now() order by x.queue limit 1)
          union all
          select q.scope_id, (select x.queue from switchboard.todos x
                               where x.scope_id = q.scope_id and x.ready_at <= now() and x.queue > q.queue
                               order by x.queue limit 1)
            from q where q.queue is not null)
        select distinct q.queue from q where q.queue is not null
      loop
        perform switchboard_internal.ring_endpoint(v_e.id, v_e.doorbell_url, true, v_queue);
      end loop;
    end if;
  end if;
  return jsonb_build_object('endpoint_id', v_e.id, 'agent_id', v_e.agent_id, 'clocked_in', v_e.clocked_in,
                            'presence_since', switchboard_internal.ts(v_e.presence_since), 'changed', v_changed);
end;
$$;
