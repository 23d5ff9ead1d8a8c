begin;
select plan(7);

create function pg_temp.row_of(k text) returns jsonb language sql as $$
  select to_jsonb(s) - 'key' - 'meaning' from switchboard.settings_in_force() s where s.key = k
$$;

select is(pg_temp.row_of('default_lease_seconds'), '{"stored": "300", "in_force": "300", "why": null}'::jsonb,
          'a default as shipped: in force, no why');
insert into switchboard.settings (key, value) values ('attempt_history_max_per_todo', '3'), ('default_lease_seconds', 'five'),
  ('retry_backoff_max_seconds', '-5'), ('webhook_allow_http', 'maybe'), ('no_such_setting', '1')
on conflict (key) do update set value = excluded.value;
select is(pg_temp.row_of('attempt_history_max_per_todo'), '{"stored": "3", "in_force": "5", "why": "below 5: raised to 5"}'::jsonb,
          'a history cap below 5 is raised to 5');
select is(pg_temp.row_of('default_lease_seconds'),
          '{"stored": "five", "in_force": "300", "why": "not a whole number: the default (300)"}'::jsonb,
          'an unparsable value falls back to the default, and says so');
select is(pg_temp.row_of('retry_backoff_max_seconds')->>'why', 'outside 0..604800: the default (3600)', 'out of range, likewise');
select is(pg_temp.row_of('webhook_allow_http'), '{"stored": "maybe", "in_force": "false", "why": "not true/on/yes/1: read as false"}'::jsonb,
          'a switch that is not a recognised true is off');
select is(pg_temp.row_of('no_such_setting')->>'why', 'unknown key: nothing reads it', 'a key nothing reads is named as such');
-- Every key it reads, stored, is listed once, as read: none also as a key nothing reads.
insert into switchboard.settings (key, value)
select s.key, coalesce(s.in_force, '1') from switchboard.settings_in_force() s where s.why is distinct from 'unknown key: nothing reads it'
on conflict (key) do nothing;
select is((select array_agg(s.key order by s.key) from switchboard.settings_in_force() s
            where s.why = 'unknown key: nothing reads it'),
          array['no_such_setting'], 'with every setting stored, only the key nothing reads is named unknown');

select * from finish();
rollback;
