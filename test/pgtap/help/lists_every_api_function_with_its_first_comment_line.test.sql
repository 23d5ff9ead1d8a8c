begin;
select plan(4);

select is((select count(*) from switchboard.help()),
          (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname in ('switchboard', 'switchboard_agent', 'switchboard_board', 'switchboard_worker', 'switchboard_metrics')),
          'one row per function of the API and the surfaces');
select is_empty($$select h.function from switchboard.help() h where h.summary = '' or h.summary like '%' || E'\n' || '%'$$,
                'each with one line of its comment');
select is((select h.summary from switchboard.help('claim_next') h where h.function = 'switchboard.claim_next'),
          split_part(obj_description('switchboard.claim_next'::regproc), E'\n', 1), 'the first line of the full comment');
select set_eq($$select h.function from switchboard.help('claim_next') h$$,
              array['switchboard.claim_next', 'switchboard_agent.claim_next'], 'a topic filters by name');

select * from finish();
rollback;
