-- backoff: the delay before retry number `attempt`: exponential from retry_backoff_base_seconds, capped at
-- retry_backoff_max_seconds, with equal jitter (half fixed, half random) so that failures spread out.
create or replace function switchboard_internal.backoff(attempt integer)
returns interval
language plpgsql
volatile
as $$
declare
  v_base integer := switchboard_internal.setting_int('retry_backoff_base_seconds', 10, 0, 86400);
  v_max integer := switchboard_internal.setting_int('retry_backoff_max_seconds', 3600, 0, 604800);
  v_delay double precision;
begin
  v_delay := least(v_max::double precision, v_base * power(2::double precision, least(greatest(attempt, 1) - 1, 40)));
  return make_interval(secs => v_delay / 2 + random() * v_delay / 2);
end;
$$;
comment on function switchboard_internal.backoff(integer) is
  'Internal. Retry delay: min(max, base * 2^(attempt-1)), half of it fixed and half random (settings retry_backoff_*).';
