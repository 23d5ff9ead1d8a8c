-- holder_controls: whether the holder of a todo's queue has a control on that queue. The holder is
-- the todo's team, else the owner of the endpoint that added it (as admit_queue reads it). claim
-- and the Board's claim ask it once a control is found on the queue's name, which is anyone's.
-- Returns true or false.
create or replace function switchboard_internal.holder_controls(queue text, team_id uuid, endpoint_id uuid)
returns boolean
language sql
stable
as $$
  select exists (select 1 from switchboard.queue_controls c
                  where c.queue = holder_controls.queue
                    and c.holder_id = coalesce(holder_controls.team_id,
                                               (select e.owner_id from switchboard.endpoints e
                                                 where e.id = holder_controls.endpoint_id)));
$$;
