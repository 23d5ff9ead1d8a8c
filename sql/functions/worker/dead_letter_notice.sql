-- dead_letter_notice (worker): switchboard.dead_letter_notice, for the background worker's own role (switchboard_worker), which
-- sweeps and delivers for every tenant but holds none of the admin API.
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
comment on function switchboard_worker.dead_letter_notice(uuid, integer, boolean) is
$$dead_letter_notice(todo_id, seq, for_instance) -> the body of a dead-letter notification. As switchboard.dead_letter_notice.$$;
