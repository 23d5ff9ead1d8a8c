-- ring_queue: rings the doorbells of a queue of a controls holder. The team's scope, or each live
-- endpoint of the owner (ring decides who is woken). Errors: none.
create or replace function switchboard_internal.ring_queue(holder_id uuid, team_id uuid, queue text)
returns void
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_scope uuid;
begin
  for v_scope in
    select team_id where team_id is not null
    union all
    select e.id from switchboard.endpoints e where team_id is null and e.owner_id = holder_id and e.revoked_at is null
  loop
    perform switchboard_internal.ring(v_scope, queue);
  end loop;
end;
$$;
