-- queue_controls_max_per_holder is read as settings are (1..1000000, anything else the default 1000): 1 lets a
-- holder control one queue, 0 and 1000001 are the default, read by the cap itself.
begin;
select plan(6);

select test.endpoint() as ep \gset
select test.owner_of(:'ep') as o \gset

select test.set('queue_controls_max_per_holder', '1');
select lives_ok(format($q$select switchboard.pause_queue(%L, 'a1')$q$, :'o'), 'at 1: one control');
select throws_ok(format($q$select switchboard.pause_queue(%L, 'a2')$q$, :'o'), 'SB429',
                 'throttled: this holder already controls 1 queues, the cap (queue_controls_max_per_holder)', 'and no second');

select test.set('queue_controls_max_per_holder', '0');
select lives_ok(format($q$select switchboard.pause_queue(%L, 'a2')$q$, :'o'), '0 is out of range: the default, room for more');

select test.set('queue_controls_max_per_holder', '1000000');
select lives_ok(format($q$select switchboard.pause_queue(%L, 'a3')$q$, :'o'), '1000000, the top of the range, is read');

select test.set('queue_controls_max_per_holder', '1000001');
select lives_ok(format($q$select count(switchboard.pause_queue(%L, 'b' || g)) from generate_series(1, 997) g$q$, :'o'),
                '1000001 is out of range: the default, 1000 controls');
select throws_ok(format($q$select switchboard.pause_queue(%L, 'c')$q$, :'o'), 'SB429',
                 'throttled: this holder already controls 1000 queues, the cap (queue_controls_max_per_holder)', 'and not one more');

select * from finish();
rollback;
