-- a2a_status_at: when a todo last changed in a way its requester sees. The claim of the attempt
-- running now, else the last transition (updated_at). Never a heartbeat: heartbeats move updated_at
-- only while a todo is claimed.
create or replace function switchboard_internal.a2a_status_at(state text, head_claimed_at timestamptz, updated_at timestamptz)
returns timestamptz
language sql
immutable
parallel safe
as $$
  select case when state = 'claimed' then coalesce(head_claimed_at, updated_at) else updated_at end
$$;
