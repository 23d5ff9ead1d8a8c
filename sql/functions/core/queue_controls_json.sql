-- queue_controls_json: a queue's controls as a document, dropping a row left with nothing set. The
-- document: {queue, team_id, paused, max_claimed, claims_per_minute}; a row with nothing set is
-- deleted, so claim_next's probe finds none. Returns the document. Errors: none.
create or replace function switchboard_internal.queue_controls_json(holder_id uuid, queue text, team_id uuid)
returns jsonb
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_c switchboard.queue_controls;
begin
  delete from switchboard.queue_controls c
   where c.queue = queue and c.holder_id = holder_id and not c.paused and c.max_claimed is null and c.claims_per_minute is null;
  select c.* into v_c from switchboard.queue_controls c where c.queue = queue and c.holder_id = holder_id;
  return jsonb_build_object('queue', queue, 'team_id', team_id, 'paused', coalesce(v_c.paused, false),
                            'max_claimed', v_c.max_claimed, 'claims_per_minute', v_c.claims_per_minute);
end;
$$;
