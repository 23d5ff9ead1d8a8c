-- metrics (metrics): switchboard.metrics for the role /metrics reads as (switchboard_metrics).
-- Aggregates of every tenant (counts by queue name, state and outcome), never a todo's text or an
-- id. A role of its own, so that neither the worker (which reads nothing out) nor the server's
-- request pool needs the admin API to serve a scrape. Returns what switchboard.metrics returns.
-- Errors: none.
create or replace function switchboard_metrics.metrics()
returns jsonb
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select switchboard.metrics();
$$;
