-- a2a_history: a task's history, oldest first. The requester's message (as it was sent; for a todo
-- filed over MCP, one made from its queue, title and payload), then one agent message per closed
-- attempt among the todo document's attempts (a data part: a2a_attempt, with the notice), the open
-- attempt left to the status. history_length null: all of them; 0: none; n: the newest n.
create or replace function switchboard_internal.a2a_history(detail jsonb, request jsonb, context_id text, history_length integer)
returns jsonb
language sql
stable
as $$
  select coalesce(jsonb_agg(h.m order by h.ord), '[]'::jsonb)
    from (select m.ord, m.m
            from (select 0 as ord,
                         coalesce(request, jsonb_build_object(
                           'messageId', detail ->> 'id', 'role', 'ROLE_USER',
                           'parts', jsonb_build_array(jsonb_build_object(
                             'data', jsonb_build_object('queue', detail -> 'queue', 'title', detail -> 'title',
                                                        'payload', detail -> 'payload'),
                             'mediaType', 'application/json'))))
                         || jsonb_build_object('taskId', detail ->> 'id', 'contextId', context_id) as m
                  union all
                  select (a ->> 'seq')::integer,
                         jsonb_build_object(
                           'messageId', format('%s:attempt:%s', detail ->> 'id', a ->> 'seq'),
                           'role', 'ROLE_AGENT',
                           'taskId', detail ->> 'id',
                           'contextId', context_id,
                           'parts', jsonb_build_array(jsonb_build_object(
                             'data', switchboard_internal.a2a_attempt(a), 'mediaType', 'application/json')),
                           'metadata', jsonb_build_object('notice', switchboard_internal.notice()))
                    from jsonb_array_elements(detail -> 'attempts') a
                   where a ->> 'ended_at' is not null) m
           order by m.ord desc
           limit history_length) h
$$;
