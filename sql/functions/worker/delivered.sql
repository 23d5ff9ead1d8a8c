-- delivered (worker): marks a delivery read with delivery() as done (posted, or nothing to post).
-- Its row goes, unless a ring came since it was read (rings differs), in which case the row stays
-- for the job that ring queued. Returns whether the row went. Errors: none (an unknown or already
-- removed delivery is false).
create or replace function switchboard_worker.delivered(delivery_id uuid, rings bigint)
returns boolean
language sql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
  with gone as (delete from switchboard.deliveries d where d.id = delivered.delivery_id and d.rings = delivered.rings returning 1)
  select exists (select 1 from gone);
$$;
