begin;
select plan(3);

-- The reference page's own statement, verbatim, with search_path set to switchboard.
set local search_path = switchboard;
INSERT INTO settings (key, value) VALUES ('attempt_history_max_per_todo', '100')
ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value;
set local search_path = public, switchboard;

select is((select value from switchboard.settings where key = 'attempt_history_max_per_todo'), '100', 'the setting is updated in place');
select is(switchboard_internal.history_cap(), 100, 'and read on the next use');
delete from switchboard.settings where key = 'attempt_history_max_per_todo';
set local search_path = switchboard;
INSERT INTO settings (key, value) VALUES ('attempt_history_max_per_todo', '100')
ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value;
set local search_path = public, switchboard;
select is((select value from switchboard.settings where key = 'attempt_history_max_per_todo'), '100', 'it also inserts a missing row');

select * from finish();
rollback;
