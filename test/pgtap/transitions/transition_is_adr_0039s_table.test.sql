begin;
select plan(1);

-- The one definition of the (outcome, disposition) pairs and the todo's next state, checked whole against the ADR.
select results_eq($$
  select o, c, x.disposition, x.state
    from unnest(array['completed', 'failed', 'released', 'lease_expired', 'reaped', 'canceled', 'revoked']) with ordinality u(o, n)
   cross join unnest(array[false, true]) c
   cross join lateral switchboard_internal.transition(o, c) x
   order by n, c
$$, $$ values
  ('completed', false, 'done', 'done'), ('completed', true, 'done', 'done'),
  ('failed', false, 'retry_scheduled', 'failed'), ('failed', true, 'dead_lettered', 'failed'),
  ('released', false, 'requeued', 'pending'), ('released', true, 'requeued', 'pending'),
  ('lease_expired', false, 'requeued', 'pending'), ('lease_expired', true, 'requeued', 'pending'),
  ('reaped', false, 'requeued', 'pending'), ('reaped', true, 'dead_lettered', 'failed'),
  ('canceled', false, 'canceled', 'canceled'), ('canceled', true, 'canceled', 'canceled'),
  ('revoked', false, 'dead_lettered', 'failed'), ('revoked', true, 'dead_lettered', 'failed')
$$, 'transition() is ADR-0039''s table: outcome (and cap) -> disposition, next todo state');

select * from finish();
rollback;
