-- The Board's two pages of a queue overview and a todo list cost the owner's own todos, however many another tenant
-- holds. With the table's statistics saying it is almost all one tenant's (two scopes in it), one plan for every
-- owner scanned the whole table for a small owner's page (0.2-0.3 s beside 370,000 todos). Counted here as the rows
-- this transaction read from todos (pg_stat_xact_user_tables), beside bob's 3,000.
begin;
select plan(9);

select test.endpoint(handle => 'alice') as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.endpoint(handle => 'bob') as ep_b \gset
select test.todo(:'ep', 'builds') as t1 \gset
select test.todo(:'ep', 'builds') as t2 \gset
select test.todo(:'ep', 'docs') as t3 \gset
select switchboard.claim(:'ep', :'t2') \gset
-- Added in one transaction, they share now(): their ages set apart so newest-first has one answer.
update switchboard.todos set created_at = now() - interval '3 minutes' where id = :'t1';
update switchboard.todos set created_at = now() - interval '2 minutes' where id = :'t2';
update switchboard.todos set created_at = now() - interval '1 minute' where id = :'t3';
insert into switchboard.todos (endpoint_id, queue, max_attempts, ready_at)
select :'ep_b', 'builds', 5, now() from generate_series(1, 3000);
analyze switchboard.todos;

create temp table reads (at text primary key, n bigint);
insert into reads select 'start', coalesce(sum(seq_tup_read + coalesce(idx_tup_fetch, 0)), 0)
  from pg_stat_xact_user_tables where relid = 'switchboard.todos'::regclass;
select switchboard.owner_queues(:'ow')->'queues' as q \gset
insert into reads select 'queues', coalesce(sum(seq_tup_read + coalesce(idx_tup_fetch, 0)), 0)
  from pg_stat_xact_user_tables where relid = 'switchboard.todos'::regclass;
select switchboard.owner_list_todos(:'ow')->'todos' as l \gset
insert into reads select 'list', coalesce(sum(seq_tup_read + coalesce(idx_tup_fetch, 0)), 0)
  from pg_stat_xact_user_tables where relid = 'switchboard.todos'::regclass;

select is((select jsonb_agg(jsonb_build_array(x->>'queue', x->'counts'->>'pending', x->'counts'->>'claimed', x->>'total')
                            order by x->>'queue') from jsonb_array_elements(:'q'::jsonb) x),
          '[["builds", "1", "1", "2"], ["docs", "1", "0", "1"]]'::jsonb,
          'alice''s queues count her three todos, none of bob''s 3,000 in a queue of the same name');
select cmp_ok((select n from reads where at = 'queues') - (select n from reads where at = 'start'), '<', 50::bigint,
              'and the overview read a handful of todos, not bob''s');
select is((select jsonb_agg(x->>'id' order by o) from jsonb_array_elements(:'l'::jsonb) with ordinality j(x, o)),
          jsonb_build_array(:'t3', :'t2', :'t1'), 'alice''s list: her three todos, newest first');
select cmp_ok((select n from reads where at = 'list') - (select n from reads where at = 'queues'), '<', 50::bigint,
              'and the list read a handful of todos, not bob''s');

select switchboard.owner_list_todos(test.owner_of(:'ep_b'), page_size => 200)->'todos' as bl \gset
select is(jsonb_array_length(:'bl'::jsonb), 200, 'bob''s own list pages through his');
select is((select array_agg(x->>'id' order by o) from jsonb_array_elements(:'bl'::jsonb) with ordinality j(x, o)),
          (select array_agg(id::text order by id desc) from (select id from switchboard.todos where endpoint_id = :'ep_b'
                                                              order by id desc limit 200) b),
          'filed in one transaction (one created_at), newest first means the largest ids first');
select is((select x->>'total' from jsonb_array_elements(switchboard.owner_queues(test.owner_of(:'ep_b'))->'queues') x),
          '3000', 'and his overview counts all of them');

-- A team member's list names each todo's team (a personal one: none).
select test.team() as t \gset
select ((:'t'::jsonb) ->> 'member')::uuid as member, ((:'t'::jsonb) ->> 'team')::uuid as team,
       ((:'t'::jsonb) ->> 'r')::uuid as r \gset
select switchboard.add_todo(:'r', 'tq')->>'id' as tt \gset
select switchboard.owner_list_todos(:'member')->'todos' as ml \gset
select is((:'ml'::jsonb)->0->'team', jsonb_build_object('id', :'team', 'name', (select name from switchboard.teams where id = :'team')),
          'a team todo in a member''s list names its team');
select is((:'l'::jsonb)->0->'team', 'null'::jsonb, 'a personal one names none');

select * from finish();
rollback;
