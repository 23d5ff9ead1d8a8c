-- transition: how an attempt ends, as data: an outcome and the cap give the disposition and next
-- state. ADR-0039's table: for an outcome (and whether the todo's attempt counter is at its cap),
-- the attempt's disposition and the state the todo moves to. The one definition of the (outcome,
-- disposition) pairs: end_attempt (fail, cancel, revoke, the Board's verbs), end_held (complete and
-- release in one statement), reap_locked and open_attempt's takeover of a lapsed lease all read it,
-- and the row rules (todo_attempts_row_ok) admit exactly these pairs.
--
--   completed      -> done            / done
--   failed         -> retry_scheduled / failed   (below the cap; ready again after backoff)
--   failed         -> dead_lettered   / failed   (at the cap)
--   released       -> requeued        / pending  (ready now, no backoff)
--   lease_expired  -> requeued        / pending  (a claim takes it over at once)
--   reaped         -> requeued        / pending  (below the cap)
--   reaped         -> dead_lettered   / failed   (at the cap)
--   canceled       -> canceled        / canceled
--   revoked        -> dead_lettered   / failed
create or replace function switchboard_internal.transition(outcome text, at_cap boolean, out disposition text, out state text)
language plpgsql
immutable
parallel safe
as $$
-- PL/pgSQL rather than SQL: a SQL function returning a record is not inlined, and each call would plan its body
-- again; a PL/pgSQL body is compiled once per session.
begin
  disposition := case
                   when outcome = 'completed' then 'done'
                   when outcome = 'canceled' then 'canceled'
                   when outcome = 'revoked' then 'dead_lettered'
                   when outcome in ('failed', 'reaped') and at_cap then 'dead_lettered'
                   when outcome = 'failed' then 'retry_scheduled'
                   when outcome in ('released', 'lease_expired', 'reaped') then 'requeued'
                 end;
  state := case
             when outcome = 'completed' then 'done'
             when outcome = 'canceled' then 'canceled'
             when outcome in ('failed', 'revoked') or (outcome = 'reaped' and at_cap) then 'failed'
             when outcome in ('released', 'lease_expired', 'reaped') then 'pending'
           end;
end;
$$;
