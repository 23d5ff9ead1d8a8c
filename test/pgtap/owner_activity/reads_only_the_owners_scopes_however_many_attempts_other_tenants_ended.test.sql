-- The activity feed's cost is the owner's own: it reads the newest closes of each of the owner's scopes, never the
-- attempts other tenants ended. Before, it walked (or sorted) every tenant's endings until it found its own, so a
-- tenant with many finished todos made every other owner's Board slower. Counted here as the rows this transaction
-- read from the two tables that hold attempts (pg_stat_xact_user_tables), against 1,200 newer endings of bob's.
begin;
select plan(14);

select test.endpoint(handle => 'alice') as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.endpoint(handle => 'bob') as ep_b \gset
select test.owner_of(:'ep_b') as ow_b \gset

-- alice: one todo claimed, released, claimed again and completed: an earlier attempt and a head.
select test.todo(:'ep', 'builds') as td \gset
select switchboard.claim(:'ep', :'td') \gset
select switchboard.release(:'ep', :'td') \gset
select switchboard.claim(:'ep', :'td') \gset
select switchboard.complete(:'ep', :'td') \gset
update switchboard.todos set head_ended_at = now() - interval '1 hour', head_claimed_at = now() - interval '2 hours'
 where id = :'td';
select test.set_attempt(:'td', 1, jsonb_build_object('claimed_at', now() - interval '4 hours', 'ended_at', now() - interval '3 hours'));
-- and one todo held now: its open attempt is no activity yet.
select test.todo(:'ep', 'builds') as held \gset
select switchboard.claim(:'ep', :'held') \gset

-- bob: 600 done todos, each with a head and an earlier attempt, all ended after alice's (heads and earlier
-- attempts interleaved in time).
with t as (
  insert into switchboard.todos (endpoint_id, queue, state, attempt, max_attempts, last_seq, head_attempt,
                                 head_claimer_kind, head_endpoint_id, head_owner, head_claimed_at,
                                 head_lease_expires_at, head_ended_at, head_outcome, head_disposition)
  select :'ep_b', 'bulk', 'done', 2, 5, 2, 2, 'endpoint', :'ep_b', 'agent:b', now() - interval '30 minutes',
         now() + interval '5 minutes', now() - g * interval '2 second', 'completed', 'done'
    from generate_series(1, 600) g
  returning id, scope_id, head_ended_at
)
insert into switchboard.earlier_attempts (todo_id, seq, attempt, claimer_kind, endpoint_id, owner, claimed_at,
                                          lease_expires_at, ended_at, outcome, disposition, scope_id)
select t.id, 1, 1, 'endpoint', :'ep_b', 'agent:b', now() - interval '40 minutes', now() - interval '35 minutes',
       t.head_ended_at - interval '1 second', 'released', 'requeued', t.scope_id
  from t;

select coalesce(sum(seq_tup_read + coalesce(idx_tup_fetch, 0)), 0) as before
  from pg_stat_xact_user_tables
 where relid in ('switchboard.todos'::regclass, 'switchboard.earlier_attempts'::regclass) \gset
select switchboard.owner_activity(:'ow')->'activity' as a \gset
select coalesce(sum(seq_tup_read + coalesce(idx_tup_fetch, 0)), 0) as after
  from pg_stat_xact_user_tables
 where relid in ('switchboard.todos'::regclass, 'switchboard.earlier_attempts'::regclass) \gset

select is((select jsonb_agg(jsonb_build_array(x->>'seq', x->>'outcome')) from jsonb_array_elements(:'a'::jsonb) x),
          '[["2", "completed"], ["1", "released"]]'::jsonb,
          'alice''s feed: her two attempts, newest first, none of bob''s newer ones');
select cmp_ok(:after::bigint - :before::bigint, '<', 50::bigint,
              'and reading it fetched a handful of rows, not bob''s 1,200 endings');

select switchboard.owner_activity(:'ow_b', 200)->'activity' as ab \gset
select is(jsonb_array_length(:'ab'::jsonb), 200, 'bob''s feed: a full page of 200');
select is((select count(*) from jsonb_array_elements(:'ab'::jsonb) x where x->>'seq' = '1'), 100::bigint,
          'half of it earlier attempts, half heads, as their endings interleave');
select ok((select bool_and(p.e >= n.e)
             from (select (x->>'ended_at')::timestamptz as e, o from jsonb_array_elements(:'ab'::jsonb) with ordinality j(x, o)) p
             join (select (x->>'ended_at')::timestamptz as e, o from jsonb_array_elements(:'ab'::jsonb) with ordinality j(x, o)) n
               on n.o = p.o + 1),
          'newest first across heads and earlier attempts');
select is(((:'ab'::jsonb)->0->>'ended_at')::timestamptz, (select max(head_ended_at) from switchboard.todos where endpoint_id = :'ep_b'),
          'beginning with bob''s newest ending');

-- The page: 50 unless asked, 1..200.
select is(jsonb_array_length(switchboard.owner_activity(:'ow_b')->'activity'), 50, 'bob''s feed, unasked: 50');
select is(jsonb_array_length(switchboard.owner_activity(:'ow_b', null)->'activity'), 50, 'page_size null: 50');
select is(jsonb_array_length(switchboard.owner_activity(:'ow_b', 1)->'activity'), 1, 'page_size 1: one');
select throws_ok(format('select switchboard.owner_activity(%L, 0)', :'ow_b'), 'SB422', 'invalid: page_size must be between 1 and 200',
                 'page_size 0 is invalid');
select throws_ok(format('select switchboard.owner_activity(%L, 201)', :'ow_b'), 'SB422', 'invalid: page_size must be between 1 and 200',
                 'and 201');

-- Ties: carol's four todos and their earlier attempts all ended at one instant, filed largest id first (so the
-- table's order is the reverse of the ids'): a page is still the smallest ids', each todo's newest attempt first.
select test.endpoint(handle => 'carol') as ep_c \gset
with ids as (select gen_random_uuid() as id from generate_series(1, 4)),
     t as (
  insert into switchboard.todos (id, endpoint_id, queue, state, attempt, max_attempts, last_seq, head_attempt,
                                 head_claimer_kind, head_endpoint_id, head_owner, head_claimed_at,
                                 head_lease_expires_at, head_ended_at, head_outcome, head_disposition)
  select i.id, :'ep_c', 'ties', 'done', 2, 5, 2, 2, 'endpoint', :'ep_c', 'agent:c', timestamptz '2026-01-01 10:00Z',
         timestamptz '2026-01-01 10:05Z', timestamptz '2026-01-01 11:00Z', 'completed', 'done'
    from (select id from ids order by id desc) i
  returning id, scope_id)
insert into switchboard.earlier_attempts (todo_id, seq, attempt, claimer_kind, endpoint_id, owner, claimed_at,
                                          lease_expires_at, ended_at, outcome, disposition, scope_id)
select t.id, 1, 1, 'endpoint', :'ep_c', 'agent:c', timestamptz '2026-01-01 09:00Z', timestamptz '2026-01-01 09:05Z',
       timestamptz '2026-01-01 11:00Z', 'released', 'requeued', t.scope_id
  from (select * from t order by id desc) t;
select is((select jsonb_agg(jsonb_build_array(x->>'todo_id', x->>'seq') order by o)
             from jsonb_array_elements(switchboard.owner_activity(test.owner_of(:'ep_c'), 3)->'activity') with ordinality j(x, o)),
          (select jsonb_build_array(jsonb_build_array(ids[1], '2'), jsonb_build_array(ids[1], '1'), jsonb_build_array(ids[2], '2'))
             from (select array_agg(id::text order by id) as ids from switchboard.todos where endpoint_id = :'ep_c') a),
          'carol''s page of 3 among ties: the smallest id''s two attempts, then the next id''s newest');

-- A team's todo, closed by a team endpoint: its row names the team.
select test.team() as t \gset
select ((:'t'::jsonb) ->> 'admin')::uuid as admin, ((:'t'::jsonb) ->> 'team')::uuid as team,
       ((:'t'::jsonb) ->> 'r')::uuid as r, ((:'t'::jsonb) ->> 'w')::uuid as w \gset
select switchboard.add_todo(:'r', 'tq')->>'id' as tt \gset
select switchboard.claim(:'w', :'tt') \gset
select switchboard.complete(:'w', :'tt') \gset
select is(switchboard.owner_activity(:'admin')->'activity'->0->'team',
          jsonb_build_object('id', :'team', 'name', (select name from switchboard.teams where id = :'team')),
          'a team todo''s attempt names its team');
select is(switchboard.owner_activity(:'admin')->'activity'->0->>'todo_id', :'tt', 'and is the admin''s feed''s newest');

select * from finish();
rollback;
