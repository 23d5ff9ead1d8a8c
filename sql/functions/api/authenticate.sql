-- authenticate: the endpoint a bearer credential names, or forbidden. The credential is compared as
-- a SHA-256 digest: the endpoint's current credential, or the one rotate_credential replaced while
-- its overlap lasts. Reads only. Returns {endpoint_id, owner_id, agent_id, verbs, team_id} (team_id
-- null for a personal endpoint). Errors: forbidden (the credential is unknown, expired or its
-- endpoint revoked; the three are not told apart; DETAIL {"credential": "refused"}).
--
-- Example: select switchboard.authenticate(credential => 'sbk_…');
create or replace function switchboard.authenticate(credential text)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_endpoint switchboard.endpoints;
begin
  v_endpoint := switchboard_internal.credential_endpoint_row(credential);
  if v_endpoint.id is null then
    perform switchboard_internal.refuse_credential('unknown or revoked credential');
  end if;
  return jsonb_build_object('endpoint_id', v_endpoint.id, 'owner_id', v_endpoint.owner_id,
                            'agent_id', v_endpoint.agent_id, 'verbs', to_jsonb(v_endpoint.verbs),
                            'team_id', v_endpoint.team_id);
end;
$$;
