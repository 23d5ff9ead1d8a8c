-- add_team_queue: makes a queue name a team queue. From then on a todo any endpoint of the team
-- adds to that queue is in the team's scope, and claim_next on it by an endpoint of the team picks
-- among the team's todos; todos added before stay where they were. Adding it again changes nothing.
-- Locks the team row. Returns {team_id, queue, created_at}. Errors: invalid (queue format),
-- not_found (no such team).
--
-- queue: the queue name, 1-128 of letters, digits and _ . : / -.
--
-- Example: select switchboard.add_team_queue(team_id => '<team_id>', queue => 'payroll');
create or replace function switchboard.add_team_queue(team_id uuid, queue text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_q switchboard.team_queues;
begin
  perform switchboard_internal.check_queue(queue);
  perform switchboard_internal.team_row(team_id);
  insert into switchboard.team_queues as q (team_id, queue) values (team_id, queue)
  on conflict on constraint team_queues_pkey do nothing;
  select q.* into v_q from switchboard.team_queues q where q.team_id = team_id and q.queue = queue;
  return jsonb_build_object('team_id', v_q.team_id, 'queue', v_q.queue, 'created_at', switchboard_internal.ts(v_q.created_at));
end;
$$;
