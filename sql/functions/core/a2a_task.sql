-- a2a_task: the A2A Task (v1.0 JSON) of a todo document. From todo_detail's (attempts newest first)
-- and, for a todo filed over A2A, its a2a_tasks row: id, contextId (the task id when none was
-- stored), status (a2a_status), the result as an artifact once done (an object, array, number or
-- boolean a data part, a string a text part), the history (a2a_history; none when history_length is
-- 0) and metadata: queue, title, counts (attemptsTotal, attemptsPruned: removed by the history cap,
-- attemptsOmitted: older than the attempts read, when a history is asked for), nextRetryAt,
-- deadLetter, cancelable (what the agent verb cancel would accept) and the untrusted-data notice.
create or replace function switchboard_internal.a2a_task(detail jsonb, task switchboard.a2a_tasks, history_length integer,
                                                  with_artifacts boolean default true)
returns jsonb
language sql
stable
as $$
  select jsonb_build_object(
           'id', detail ->> 'id',
           'contextId', coalesce(task.context_id, detail ->> 'id'),
           'status', switchboard_internal.a2a_status(detail, coalesce(task.context_id, detail ->> 'id')),
           'history', case when history_length = 0 then '[]'::jsonb
                           else switchboard_internal.a2a_history(detail, task.message, coalesce(task.context_id, detail ->> 'id'),
                                                                 history_length) end,
           'metadata', jsonb_build_object(
             'queue', detail -> 'queue',
             'title', detail -> 'title',
             'attempt', detail -> 'attempt',
             'maxAttempts', detail -> 'max_attempts',
             'attemptsTotal', detail -> 'attempts_total',
             'attemptsPruned', detail -> 'attempts_pruned',
             'attemptsOmitted', case when history_length = 0 then 0
                                     else greatest(0, (detail ->> 'attempts_total')::integer - (detail ->> 'attempts_pruned')::integer
                                                      - jsonb_array_length(detail -> 'attempts')) end,
             'nextRetryAt', detail -> 'next_retry_at',
             'deadLetter', detail -> 'dead_letter',
             'createdAt', detail -> 'created_at',
             'cancelable', detail ->> 'state' in ('pending', 'claimed')
                           or (detail ->> 'state' = 'failed' and detail ->> 'next_retry_at' is not null),
             'notice', switchboard_internal.notice()))
      || case when with_artifacts and detail ->> 'state' = 'done' and jsonb_typeof(detail -> 'result') <> 'null'
              then jsonb_build_object('artifacts', jsonb_build_array(jsonb_build_object(
                     'artifactId', 'result',
                     'name', 'result',
                     'parts', jsonb_build_array(case when jsonb_typeof(detail -> 'result') = 'string'
                                                     then jsonb_build_object('text', detail ->> 'result')
                                                     else jsonb_build_object('data', detail -> 'result',
                                                                             'mediaType', 'application/json') end))))
              else '{}'::jsonb end
$$;
