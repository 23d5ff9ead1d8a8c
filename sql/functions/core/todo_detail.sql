-- todo_detail: the full todo document shared by get_todo and the Board. Payload, routing, result,
-- and the newest attempts_limit attempts with attempts_total, attempts_pruned and the
-- untrusted-data notice.
create or replace function switchboard_internal.todo_detail(t switchboard.todos, attempts_limit integer)
returns jsonb
language sql
stable
as $$
  select switchboard_internal.todo_json(t, true)
      || jsonb_build_object(
           'result', t.result,
           'attempts', coalesce((
              select jsonb_agg(switchboard_internal.attempt_json(s.a) order by (s.a).seq desc)
                from (select a from switchboard.todo_attempts a
                       where a.todo_id = t.id order by a.seq desc limit attempts_limit) s), '[]'::jsonb),
           'attempts_total', t.last_seq,
           'attempts_pruned', t.attempts_pruned,
           'notice', switchboard_internal.notice())
$$;
