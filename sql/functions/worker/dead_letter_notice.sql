-- dead_letter_notice (worker): switchboard.dead_letter_notice, for the worker's own role
-- (switchboard_worker). That role sweeps and delivers for every tenant but holds none of the admin
-- API. Returns what switchboard.dead_letter_notice returns. Errors: those of
-- switchboard.dead_letter_notice.
create or replace function switchboard_worker.dead_letter_notice(todo_id uuid, seq integer default null,
                                                             for_instance boolean default false)
returns jsonb
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.dead_letter_notice(todo_id, seq, for_instance);
$$;
