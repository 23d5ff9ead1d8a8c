-- Run against the proxy database. The metrics a server on the proxy exposes are every shard's merged into one
-- document of the same shape (switchboard_proxy.merge_metrics): counters and gauges summed per label set, a queue's
-- oldest claimable age and the notification queue's usage the greatest of the shards' (not their sum), labelled arrays ordered by their labels, and a
-- key with nothing on any shard an empty list.
begin;
select plan(5);

select switchboard_proxy.merge_metrics(array[
  '{"todos": [{"queue": "b", "state": "pending", "value": 1}, {"queue": "a", "state": "pending", "value": 2}],
    "oldest_claimable_age_seconds": [{"queue": "a", "value": 5.5}],
    "claims_throttled": 3, "attempts": [{"outcome": "failed", "value": 1}], "dead_letters": [],
    "notification_queue_usage": 0.25}'::jsonb,
  '{"todos": [{"queue": "a", "state": "pending", "value": 4}, {"queue": "a", "state": "claimed", "value": 1}],
    "oldest_claimable_age_seconds": [{"queue": "a", "value": 9.25}, {"queue": "b", "value": 1}],
    "claims_throttled": 4, "attempts": [], "dead_letters": [], "notification_queue_usage": 0.0625}'::jsonb]) as doc \gset

select is((:'doc'::jsonb) -> 'todos', '[{"queue": "a", "state": "claimed", "value": 1}, {"queue": "a", "state": "pending", "value": 6},
                                          {"queue": "b", "state": "pending", "value": 1}]'::jsonb,
          'counts summed per label set, ordered by queue then state');
select is((:'doc'::jsonb) -> 'oldest_claimable_age_seconds', '[{"queue": "a", "value": 9.25}, {"queue": "b", "value": 1}]'::jsonb,
          'a queue''s oldest claimable age is the oldest on any shard');
select is((:'doc'::jsonb) -> 'claims_throttled', '7'::jsonb, 'a number is the sum of the shards''');
select is((:'doc'::jsonb) -> 'notification_queue_usage', '0.25'::jsonb,
          'the notification queue''s usage is the fullest shard''s (each cluster has its own queue), not a sum');
select is((:'doc'::jsonb) -> 'dead_letters', '[]'::jsonb, 'a list empty on every shard stays an empty list');

select * from finish();
rollback;
