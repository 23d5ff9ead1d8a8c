-- owner_add_team_queue: a team admin makes a queue name one of its team's queues. The Board's way;
-- the act itself is switchboard.add_team_queue's (idempotent). Only an admin of the team may
-- (owner_team_role's rule). Returns what switchboard.add_team_queue returns. Errors: not_found (not
-- a team the owner is in, answered as an unknown team), forbidden (a member, not an admin), invalid
-- (queue).
--
-- team_id: the team (one the owner is an admin of).
-- queue: the queue name the team is to share.
--
-- Example: select switchboard.owner_add_team_queue(owner_id => '<owner_id>',
--   team_id => '<team_id>', queue => 'builds');
create or replace function switchboard.owner_add_team_queue(owner_id uuid, team_id uuid, queue text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
begin
  perform switchboard_internal.owner_team_role(owner_id, team_id, true);
  return switchboard.add_team_queue(team_id, queue);
end;
$$;
