-- list_queue_controls: the queue controls an owner sees, by queue. Those of its personal queues and
-- of the teams it is a member of. Reads only. Returns {controls: [{queue, team_id, paused,
-- max_claimed, claims_per_minute}]}. Errors: none (an unknown owner sees none).
--
-- Example: select switchboard.list_queue_controls(owner_id => '<owner_id>');
create or replace function switchboard.list_queue_controls(owner_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select jsonb_build_object('controls', coalesce(jsonb_agg(jsonb_build_object(
           'queue', c.queue, 'team_id', c.team_id, 'paused', c.paused, 'max_claimed', c.max_claimed,
           'claims_per_minute', c.claims_per_minute) order by c.queue, c.team_id nulls first), '[]'::jsonb))
    from switchboard.queue_controls c
   -- By holder (the owner's own, or one of its teams'), so queue_controls_holder_idx reads only this owner's rows.
   where c.holder_id = any (array[list_queue_controls.owner_id]
                            || array(select m.team_id from switchboard.team_members m
                                      where m.owner_id = list_queue_controls.owner_id));
$$;
