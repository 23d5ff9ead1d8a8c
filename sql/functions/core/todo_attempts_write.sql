-- todo_attempts_write: INSTEAD OF trigger on the view todo_attempts: a write lands where the row is
-- kept. A DBA's (or a test's) INSERT, UPDATE or DELETE of an attempt row goes to a todo's newest
-- attempt on its row (todos.head_*, with lease_token_sha256) or to the earlier ones in
-- earlier_attempts. The functions never write through it; they write the tables in the statement of
-- the transition itself.
--
-- INSERT: an earlier seq goes to earlier_attempts (closed only); the todo's newest seq (last_seq)
--   fills the head of a todo that has none. A second open attempt is refused with
--   exclusion_violation (23P01, constraint todo_attempts_one_open): only a claim opens an attempt,
--   and a todo has one open at most, its head. A seq beyond last_seq is refused (check_violation,
--   todo_attempts_seq_issued); an unknown todo is a foreign_key_violation.
-- UPDATE: of the head or of an earlier attempt, every column but todo_id and seq
--   (feature_not_supported); the row rules of the table written apply (todos_row_rules,
--   earlier_attempts_row_rules).
-- DELETE: an earlier attempt only; the head goes with its todo (feature_not_supported).
create or replace function switchboard_internal.todo_attempts_write()
returns trigger
language plpgsql
volatile
as $$
declare
  v_last integer;
  v_has_head boolean;
  v_seq integer := case when tg_op = 'INSERT' then new.seq else old.seq end;
  v_todo uuid := case when tg_op = 'INSERT' then new.todo_id else old.todo_id end;
begin
  select t.last_seq, t.head_claimer_kind is not null into v_last, v_has_head
    from switchboard.todos t where t.id = v_todo for update;
  if not found then
    if tg_op = 'INSERT' then
      raise exception 'insert or update on view "todo_attempts" violates foreign key constraint "todo_attempts_todo_id_fkey"'
        using errcode = 'foreign_key_violation', detail = format('Key (todo_id)=(%s) is not present in table "todos".', v_todo),
              schema = 'switchboard', table = 'todo_attempts', constraint = 'todo_attempts_todo_id_fkey';
    end if;
    return null;
  end if;

  if tg_op = 'INSERT' and (v_seq > v_last or (v_seq = v_last and v_has_head)) then
    if new.ended_at is null then
      raise exception 'conflicting key value violates exclusion constraint "todo_attempts_one_open"'
        using errcode = 'exclusion_violation', schema = 'switchboard', table = 'todo_attempts', constraint = 'todo_attempts_one_open',
              detail = format('todo %s already has its newest attempt (seq %s); only a claim opens the next one, and a todo has at most one open attempt.', v_todo, v_last);
    elsif v_seq = v_last then
      raise exception 'duplicate key value violates unique constraint "todo_attempts_pkey"'
        using errcode = 'unique_violation', schema = 'switchboard', table = 'todo_attempts', constraint = 'todo_attempts_pkey',
              detail = format('Key (todo_id, seq)=(%s, %s) already exists.', v_todo, v_seq);
    end if;
    raise exception 'new row for view "todo_attempts" violates check constraint "todo_attempts_seq_issued"'
      using errcode = 'check_violation', schema = 'switchboard', table = 'todo_attempts', constraint = 'todo_attempts_seq_issued',
            detail = format('seq %s is beyond the last one issued for todo %s (%s): claims number the attempts.', v_seq, v_todo, v_last);
  end if;
  if tg_op = 'UPDATE' and (new.todo_id is distinct from old.todo_id or new.seq is distinct from old.seq) then
    raise exception 'todo_id and seq of an attempt cannot change'
      using errcode = 'feature_not_supported', schema = 'switchboard', table = 'todo_attempts';
  end if;

  if v_seq = v_last then
    -- The todo's newest attempt: an INSERT fills the head of a todo that has none, an UPDATE rewrites it.
    if tg_op = 'DELETE' then
      raise exception 'the newest attempt of todo % is deleted with its todo, not alone', v_todo
        using errcode = 'feature_not_supported', schema = 'switchboard', table = 'todo_attempts';
    end if;
    update switchboard.todos x
       set head_attempt = new.attempt, head_claimer_kind = new.claimer_kind, head_endpoint_id = new.endpoint_id,
           head_owner_id = new.owner_id, head_mcp_session_id = new.mcp_session_id, head_owner = new.owner,
           head_claimant = new.claimant, head_claimed_at = new.claimed_at, head_last_heartbeat_at = new.last_heartbeat_at,
           head_lease_expires_at = new.lease_expires_at, head_ended_at = new.ended_at, head_outcome = new.outcome,
           head_disposition = new.disposition, head_summary = new.summary,
           head_summary_truncated = coalesce(new.summary_truncated, false), head_artifact = new.artifact,
           lease_token_sha256 = new.lease_token_sha256
     where x.id = v_todo;
    return new;
  end if;

  -- An earlier attempt, kept in earlier_attempts (closed only: its columns are not null there).
  if tg_op = 'DELETE' then
    delete from switchboard.earlier_attempts e where e.todo_id = v_todo and e.seq = v_seq;
    return old;
  end if;
  if new.ended_at is null then
    raise exception 'conflicting key value violates exclusion constraint "todo_attempts_one_open"'
      using errcode = 'exclusion_violation', schema = 'switchboard', table = 'todo_attempts', constraint = 'todo_attempts_one_open',
            detail = format('attempt %s of todo %s is not its newest (%s): only the newest attempt can be open.', v_seq, v_todo, v_last);
  end if;
  if tg_op = 'UPDATE' then
    delete from switchboard.earlier_attempts e where e.todo_id = v_todo and e.seq = v_seq;
  end if;
  insert into switchboard.earlier_attempts
    (todo_id, seq, attempt, claimer_kind, endpoint_id, owner_id, mcp_session_id, owner, claimant, claimed_at,
     last_heartbeat_at, lease_expires_at, ended_at, outcome, disposition, summary, summary_truncated, artifact,
     lease_token_sha256)
  values (new.todo_id, new.seq, new.attempt, new.claimer_kind, new.endpoint_id, new.owner_id, new.mcp_session_id,
          new.owner, new.claimant, new.claimed_at, new.last_heartbeat_at, new.lease_expires_at, new.ended_at,
          new.outcome, new.disposition, new.summary, coalesce(new.summary_truncated, false), new.artifact,
          new.lease_token_sha256);
  return new;
end;
$$;

-- (Re)created only when its definition changed (the definition is kept as its comment), as the other triggers are.
do $$
declare
  v_def text := 'create or replace trigger todo_attempts_write instead of insert or update or delete on switchboard.todo_attempts '
             || 'for each row execute function switchboard_internal.todo_attempts_write()';
begin
  if obj_description((select g.oid from pg_trigger g where g.tgrelid = 'switchboard.todo_attempts'::regclass
                        and g.tgname = 'todo_attempts_write'), 'pg_trigger') is distinct from v_def then
    execute v_def;
    execute format('comment on trigger todo_attempts_write on switchboard.todo_attempts is %L', v_def);
  end if;
end
$$;
