-- delivery (worker): what one queued webhook job delivers. Read through the deliveries row its
-- transition wrote (the job carries only that row's id), at delivery time, so a URL changed or
-- cleared meanwhile applies. The worker can read nothing else: no todo, owner or endpoint by its
-- id, only the deliveries its queued jobs name. dead_letter: {kind, sink, url, body, delivery_key,
-- rings}: body is switchboard.dead_letter_notice of the row's todo and seq (for the instance's
-- sink, without any tenant text); url is the owner's notify_url (null when cleared; for a team
-- todo's member, that member's, null once it left the team; for the instance's sink, null: its URL
-- is the worker's own SWITCHBOARD_NOTIFY_URL); delivery_key is dead_letter:<todo_id>:<seq>:<sink>
-- (for a member dead_letter:<todo_id>:<seq>:member:<owner_id>), the same on every retry. doorbell:
-- {kind, url, body, rings}: body {"event": "todo_claimable", "queue"}; url the endpoint's
-- doorbell_url, null once it is cleared, the endpoint revoked, or clocked out (nothing to deliver).
-- rings is what delivered() must be given back. Reads only. Returns that document. Errors:
-- not_found (no such delivery: delivered already, its todo pruned, or its dead-lettered attempt
-- gone).
create or replace function switchboard_worker.delivery(delivery_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_d switchboard.deliveries;
  v_notice jsonb;
  v_url text;
begin
  select d.* into v_d from switchboard.deliveries d where d.id = delivery_id;
  if not found then
    perform switchboard_internal.raise('not_found', format('no delivery %s', delivery_id),
                                       'It was delivered already, or what it was about no longer exists.');
  end if;
  if v_d.kind = 'dead_letter' then
    v_notice := switchboard.dead_letter_notice(v_d.todo_id, v_d.seq, v_d.sink = 'instance');
    if v_d.sink = 'owner' then
      select o.notify_url into v_url
        from switchboard.todos x
        join switchboard.endpoints e on e.id = x.endpoint_id
        join switchboard.owners o on o.id = e.owner_id
       where x.id = v_d.todo_id;
    elsif v_d.sink = 'member' then
      -- Only while it is still a member of the todo's team: a removal ends what it hears, too.
      select o.notify_url into v_url
        from switchboard.todos x
        join switchboard.team_members m on m.team_id = x.team_id and m.owner_id = v_d.owner_id
        join switchboard.owners o on o.id = m.owner_id
       where x.id = v_d.todo_id;
    end if;
    return jsonb_build_object('kind', v_d.kind, 'sink', v_d.sink, 'url', v_url, 'body', v_notice,
                              'delivery_key', format('dead_letter:%s:%s:%s', v_d.todo_id, v_notice #>> '{final_attempt,seq}', v_d.sink)
                                                || coalesce(':' || v_d.owner_id::text, ''),
                              'rings', v_d.rings);
  end if;
  select e.doorbell_url into v_url from switchboard.endpoints e
   where e.id = v_d.endpoint_id and e.revoked_at is null and e.clocked_in;
  return jsonb_build_object('kind', v_d.kind, 'url', v_url,
                            'body', jsonb_build_object('event', 'todo_claimable', 'queue', v_d.queue), 'rings', v_d.rings);
end;
$$;
