-- Ablation (issue 14, 2026-12-01): p6 without the trigger, i.e. what a HOT close could save at most if "one open
-- attempt per todo" were enforced for free. bench/ab.ts, 30 rounds: claim 0.967, complete 0.941, cycle 0.956.
-- Replacing the exclusion constraint by a partial unique index (same rule, immediate): cycle 0.984 (16/30), noise.
alter table switchboard.todo_attempts drop constraint todo_attempts_one_open;
drop index switchboard.todo_attempts_ended_idx;
alter table switchboard.todo_attempts set (fillfactor = 80);
