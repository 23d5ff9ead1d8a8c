-- admit_claim: charges one unit of the endpoint's claim budget for a claim, or refuses it
-- throttled. Admission control (ADR-0035), in the claim's own transaction: open_attempt calls it
-- first, so every claim path is charged (claim, claim_next, a lease takeover, the Board's claim).
-- No budget (no endpoint_admission row): nothing to do, one primary-key probe. Over budget: raises
-- throttled (SB429), counted in the claims_throttled sequence (nextval survives the rollback the
-- error causes), with retry_after_seconds in the DETAIL as JSON. The bucket row is locked until the
-- claim commits: concurrent claims on one budgeted endpoint queue on it for the rest of their
-- transactions (their todos were picked with SKIP LOCKED already). now(), the transaction's start,
-- is the clock: a claim that waited for the lock behind a later one finds no time elapsed, never
-- negative time. Errors: throttled.
create or replace function switchboard_internal.admit_claim(endpoint_id uuid)
returns void
language plpgsql
volatile
as $$
#variable_conflict use_variable
declare
  v_b switchboard.endpoint_admission;
  v_now timestamptz := now();
  v_units double precision;
  v_wait integer;
begin
  select b.* into v_b from switchboard.endpoint_admission b where b.endpoint_id = endpoint_id for update;
  if not found then
    return;
  end if;
  v_units := least(v_b.burst::double precision,
                   v_b.units + greatest(0, extract(epoch from v_now - v_b.refilled_at)::double precision)
                               * v_b.claims_per_minute / 60.0);
  if v_units >= 1 then
    update switchboard.endpoint_admission b
       set units = v_units - 1, refilled_at = greatest(b.refilled_at, v_now), charged = b.charged + 1
     where b.endpoint_id = endpoint_id;
    return;
  end if;
  v_wait := greatest(1, ceil((1 - v_units) * 60.0 / v_b.claims_per_minute)::integer);
  perform nextval('switchboard.claims_throttled');
  raise exception using
    errcode = 'SB429',
    message = format('throttled: this endpoint''s claim budget (%s per minute, burst %s) is spent; the next unit is available in %s s (at %s)',
                     v_b.claims_per_minute, v_b.burst, v_wait,
                     to_char((v_now + make_interval(secs => v_wait)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
    detail = jsonb_build_object('retry_after_seconds', v_wait)::text,
    hint = format('Wait %s seconds, then claim again (claim_next with wait_seconds waits for it). Nothing was changed; the operator sets the budget.', v_wait);
end;
$$;
