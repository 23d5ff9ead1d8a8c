begin;
select plan(2);

select is_empty($$
  select k from unnest(array['attempt_history_max_per_todo=50', 'retention_max_age_days=30', 'retry_backoff_base_seconds=10',
                             'retry_backoff_max_seconds=3600', 'default_lease_seconds=300', 'default_max_attempts=5',
                             'attempt_summary_from_result=false']) k
  except
  select key || '=' || value from switchboard.settings
$$, 'a fresh database has every setting at its default');
select is((select count(*) from switchboard.settings where key = 'retention_max_rows'), 0::bigint, 'retention_max_rows is unset: no row cap');

select * from finish();
rollback;
