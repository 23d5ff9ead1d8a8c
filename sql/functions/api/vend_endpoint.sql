-- vend_endpoint: an owner mints an agent credential, with a verb set frozen from then on. Returns
-- {endpoint_id, owner_id, agent_id, verbs, credential, created_at}; the credential is shown here
-- once and only its SHA-256 is stored. Errors: not_found (no such owner), invalid (agent_id format;
-- unknown, empty or null verbs).
--
-- agent_id: the agent's name; every worker on the endpoint holds leases as agent:<agent_id>.
-- verbs: the agent verbs it may call; null: every one (add_todo, claim, claim_next, heartbeat,
--   complete, fail, release, get_todo, list_todos).
--
-- Example: select switchboard.vend_endpoint(owner_id => '<owner_id>', agent_id => 'buildbot',
--   verbs => array['claim_next', 'heartbeat', 'complete', 'fail']);
create or replace function switchboard.vend_endpoint(owner_id uuid, agent_id text, verbs text[] default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_all text[] := array(select jsonb_array_elements_text(switchboard_internal.contract() -> 'verbs'));
  v_verbs text[];
  v_credential text := 'sbk_' || switchboard_internal.random_token(32);
  v_endpoint switchboard.endpoints;
begin
  if not exists (select 1 from switchboard.owners o where o.id = owner_id) then
    perform switchboard_internal.raise('not_found', format('no owner %s', owner_id), 'Create the owner with add_owner first.');
  end if;
  if agent_id is null or agent_id !~ '^[A-Za-z0-9][A-Za-z0-9_.:/@-]{0,127}$' then
    perform switchboard_internal.raise('invalid', 'agent_id must be 1-128 letters, digits, _ . : / @ or -, starting with a letter or digit', null);
  end if;
  if verbs is null then
    v_verbs := v_all;
  else
    if cardinality(verbs) = 0 or array_position(verbs, null) is not null or not (verbs <@ v_all) then
      perform switchboard_internal.raise('invalid', format('verbs must be a non-empty subset of %s', array_to_string(v_all, ', ')), null);
    end if;
    -- Spelled out in the canonical order, without repeats.
    select array_agg(v order by o) into v_verbs from unnest(v_all) with ordinality u(v, o) where v = any (verbs);
  end if;
  insert into switchboard.endpoints (owner_id, agent_id, verbs, credential_sha256)
  values (owner_id, agent_id, v_verbs, switchboard_internal.digest(v_credential))
  returning * into v_endpoint;
  return jsonb_build_object('endpoint_id', v_endpoint.id, 'owner_id', v_endpoint.owner_id, 'agent_id', v_endpoint.agent_id,
                            'verbs', to_jsonb(v_endpoint.verbs), 'credential', v_credential,
                            'created_at', switchboard_internal.ts(v_endpoint.created_at));
end;
$$;
