-- vend_endpoint: an owner mints an agent credential, with a verb set frozen from then on. In a team
-- when team_id is given (the owner must be an admin of it): the endpoint then reaches the team's
-- todos through its verb set, and that is fixed too. Returns {endpoint_id, owner_id, agent_id,
-- verbs, team_id, credential, created_at}; the credential is shown here once and only its SHA-256
-- is stored. At most endpoints_max_per_owner live endpoints per vending owner (50) and
-- endpoints_max_per_team per team (100): one beyond is refused throttled and counted. Locks the
-- owner row (and the team row). Errors: not_found (no such owner; no such team among those the
-- owner is an admin of), invalid (agent_id format; unknown, empty or null verbs), conflict (a live
-- endpoint of the team already has this agent_id: within a team an agent id names one holder),
-- throttled (a cap reached: revoke an endpoint first).
--
-- agent_id: the agent's name; every worker on the endpoint holds leases as agent:<agent_id>.
-- verbs: the agent verbs it may call; null: every one (add_todo, claim, claim_next, heartbeat,
--   complete, fail, release, get_todo, list_todos).
-- team_id: the team to vend it in; null: a personal endpoint.
--
-- Example: select switchboard.vend_endpoint(owner_id => '<owner_id>', agent_id => 'buildbot',
--   verbs => array['claim_next', 'heartbeat', 'complete', 'fail']);
create or replace function switchboard.vend_endpoint(owner_id uuid, agent_id text, verbs text[] default null,
                                                     team_id uuid default null)
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
  -- Sharded, a team endpoint carries its team's slot (it lives and works where the team's todos are), a personal one
  -- its owner's.
  v_slot integer := switchboard_internal.shard_slot(coalesce(team_id, owner_id));
  v_credential text := switchboard_internal.shard_secret('sbk', v_slot);
  v_endpoint switchboard.endpoints;
  v_cap integer;
begin
  -- Locked, so two vends of one owner count its live endpoints one after the other (the cap holds under a race).
  perform 1 from switchboard.owners o where o.id = owner_id for update;
  if not found then
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
  if team_id is not null then
    -- Locked, so a member removed meanwhile, or a second vend of the same agent_id, waits for this one.
    perform 1 from switchboard.teams t where t.id = team_id for update;
    if not exists (select 1 from switchboard.team_members m
                    where m.team_id = team_id and m.owner_id = owner_id and m.role = 'admin') then
      perform switchboard_internal.raise('not_found', format('no team %s in this scope', team_id),
                                         'An endpoint is vended in a team by an admin of that team; list_teams shows yours.');
    end if;
    if exists (select 1 from switchboard.endpoints e
                where e.team_id = team_id and e.agent_id = agent_id and e.revoked_at is null) then
      perform switchboard_internal.raise('conflict', format('a live endpoint of this team is already agent %s', agent_id),
                                         'Within a team an agent id names one holder: choose another, or revoke that endpoint first.');
    end if;
  end if;
  v_cap := switchboard_internal.setting_int('endpoints_max_per_owner', 50, 1, 1000000);
  if (select count(*) from switchboard.endpoints e where e.owner_id = owner_id and e.revoked_at is null) >= v_cap then
    perform nextval('switchboard.vends_refused_at_cap');
    perform switchboard_internal.raise('throttled',
      format('this owner already has %s live endpoints, the cap (endpoints_max_per_owner)', v_cap),
      'Revoke an endpoint it no longer needs first; the operator sets the cap.');
  end if;
  if team_id is not null then
    v_cap := switchboard_internal.setting_int('endpoints_max_per_team', 100, 1, 1000000);
    if (select count(*) from switchboard.endpoints e where e.team_id = team_id and e.revoked_at is null) >= v_cap then
      perform nextval('switchboard.vends_refused_at_cap');
      perform switchboard_internal.raise('throttled',
        format('this team already has %s live endpoints, the cap (endpoints_max_per_team)', v_cap),
        'Revoke a team endpoint it no longer needs first; the operator sets the cap.');
    end if;
  end if;
  insert into switchboard.endpoints (id, owner_id, agent_id, verbs, credential_sha256, team_id)
  values (switchboard_internal.shard_id(v_slot), owner_id, agent_id, v_verbs, switchboard_internal.digest(v_credential), team_id)
  returning * into v_endpoint;
  return jsonb_build_object('endpoint_id', v_endpoint.id, 'owner_id', v_endpoint.owner_id, 'agent_id', v_endpoint.agent_id,
                            'verbs', to_jsonb(v_endpoint.verbs), 'team_id', v_endpoint.team_id, 'credential', v_credential,
                            'created_at', switchboard_internal.ts(v_endpoint.created_at));
end;
$$;
