-- As switchboard_worker alone, the instance's settings are out of reach (they are the admin's): the summary-from-
-- result privacy switch cannot be turned on, through any function or the table. The worker records only whether it
-- has a dead-letter sink of its own.
begin;
select plan(5);

set local role switchboard_worker;
select throws_ok('select switchboard_worker.set_attempt_summary_from_result(true)', null, null,
                 'the worker has no switch for attempt_summary_from_result');
select throws_ok('select switchboard.set_attempt_summary_from_result(true)', '42501', null, 'nor the admin''s');
select throws_ok($$update switchboard.settings set value = 'true' where key = 'attempt_summary_from_result'$$, '42501', null,
                 'nor the settings table');
select lives_ok('select switchboard_worker.set_instance_dead_letter_sink(true)', 'it may say it has a sink');
reset role;
select is(switchboard_internal.setting_bool('attempt_summary_from_result'), false, 'the switch is still off');

select * from finish();
rollback;
