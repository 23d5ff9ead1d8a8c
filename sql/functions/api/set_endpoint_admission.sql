-- set_endpoint_admission: the operator sets, or lifts, an endpoint's claim budget (ADR-0035). A
-- token bucket of burst units refilled at claims_per_minute a minute; every claim of the endpoint's
-- todos (claim, claim_next, a takeover, the Board's claim) is charged one unit in its own
-- transaction, and one over budget is refused throttled. Operator only (the admin API): the budget
-- protects the other tenants from this one, so its owner does not set it. A new budget starts full;
-- a changed one keeps what its bucket held, at most the new burst. Takes effect with the next
-- claim. Locks the bucket row. Returns {endpoint_id, claims_per_minute, burst, units_available}
-- (all but endpoint_id null when lifted). Errors: not_found (no such endpoint), invalid
-- (claims_per_minute or burst outside 1..1000000, burst without claims_per_minute).
--
-- endpoint_id: the endpoint the budget applies to.
-- claims_per_minute: the refill rate; null lifts the budget.
-- burst: the bucket's size; null: claims_per_minute.
--
-- Example: select switchboard.set_endpoint_admission(endpoint_id => '<endpoint_id>',
--   claims_per_minute => 120, burst => 20);
create or replace function switchboard.set_endpoint_admission(endpoint_id uuid, claims_per_minute integer, burst integer default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = switchboard, pg_temp
as $$
#variable_conflict use_variable
declare
  v_now timestamptz := now();
  v_burst integer := coalesce(burst, claims_per_minute);
  v_b switchboard.endpoint_admission;
begin
  perform 1 from switchboard.endpoints e where e.id = endpoint_id;
  if not found then
    perform switchboard_internal.raise('not_found', format('no endpoint %s', endpoint_id),
                                       'switchboard.list_endpoints(owner_id) lists an owner''s endpoints.');
  end if;
  if claims_per_minute is null then
    if burst is not null then
      perform switchboard_internal.raise('invalid', 'burst needs claims_per_minute',
                                         'Give claims_per_minute too, or neither to lift the budget.');
    end if;
    delete from switchboard.endpoint_admission b where b.endpoint_id = endpoint_id;
    return jsonb_build_object('endpoint_id', endpoint_id, 'claims_per_minute', null, 'burst', null,
                              'units_available', null);
  end if;
  if claims_per_minute not between 1 and 1000000 or v_burst not between 1 and 1000000 then
    perform switchboard_internal.raise('invalid', 'claims_per_minute and burst must be between 1 and 1000000',
                                       'Give a positive budget, or a null claims_per_minute to lift it.');
  end if;
  insert into switchboard.endpoint_admission as b (endpoint_id, claims_per_minute, burst, units, refilled_at, updated_at)
  values (endpoint_id, claims_per_minute, v_burst, v_burst, v_now, v_now)
  on conflict on constraint endpoint_admission_pkey do update
     set units = least(excluded.burst::double precision,
                       b.units + greatest(0, extract(epoch from v_now - b.refilled_at)::double precision)
                                 * b.claims_per_minute / 60.0),
         refilled_at = greatest(b.refilled_at, v_now),
         claims_per_minute = excluded.claims_per_minute,
         burst = excluded.burst,
         updated_at = v_now
  returning b.* into v_b;
  return jsonb_build_object('endpoint_id', v_b.endpoint_id, 'claims_per_minute', v_b.claims_per_minute,
                            'burst', v_b.burst, 'units_available', floor(v_b.units)::integer);
end;
$$;
