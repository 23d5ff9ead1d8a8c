-- queue_control_room: whether a holder (an owner, or a team) may set a control on one queue more.
-- Changing a control the holder has takes no room; a new one is refused once the holder has
-- queue_controls_max_per_holder of them (1000, 1..1000000), so no owner grows the table every claim
-- probes without end. A control with nothing set is deleted as it is written (queue_controls_json),
-- so a resumed queue frees its room. Locks the holder's row while it counts, so concurrent pauses
-- of one holder cannot pass the cap together. Errors: throttled (at the cap).
create or replace function switchboard_internal.queue_control_room(holder_id uuid, queue text)
returns void
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_cap integer;
begin
  if exists (select 1 from switchboard.queue_controls c where c.queue = queue and c.holder_id = holder_id) then
    return;
  end if;
  -- NO KEY UPDATE: it serializes this holder's new controls without blocking the foreign keys that point at the row.
  perform 1 from switchboard.owners o where o.id = holder_id for no key update;
  perform 1 from switchboard.teams t where t.id = holder_id for no key update;
  v_cap := switchboard_internal.setting_int('queue_controls_max_per_holder', 1000, 1, 1000000);
  if (select count(*) from switchboard.queue_controls c where c.holder_id = holder_id) >= v_cap then
    perform switchboard_internal.raise('throttled',
      format('this holder already controls %s queues, the cap (queue_controls_max_per_holder)', v_cap),
      'Resume a queue and clear its limits to free its room; the operator sets the cap.');
  end if;
end;
$$;
