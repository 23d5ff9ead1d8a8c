-- backoff: the delay before retry number attempt, exponential and jittered.
-- min(retry_backoff_max_seconds, retry_backoff_base_seconds * 2^(attempt-1)), with equal jitter
-- (half of it fixed, half random) so that failures spread out.
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
