-- schedule_json: a schedule as its document. The document: {schedule_id, endpoint_id, team_id,
-- queue, cron, time_zone, payload, title, next_run_at, last_run_at, created_at}. Reads only.
-- Errors: none.
create or replace function switchboard_internal.schedule_json(s switchboard.schedules)
returns jsonb
language sql
stable
as $$
  select jsonb_build_object('schedule_id', s.id, 'endpoint_id', s.endpoint_id,
                            'team_id', case when s.scope_id <> s.endpoint_id then s.scope_id end,
                            'queue', s.queue, 'cron', s.cron, 'time_zone', s.time_zone, 'payload', s.payload, 'title', s.title,
                            'next_run_at', switchboard_internal.ts(s.next_run_at), 'last_run_at', switchboard_internal.ts(s.last_run_at),
                            'created_at', switchboard_internal.ts(s.created_at));
$$;
