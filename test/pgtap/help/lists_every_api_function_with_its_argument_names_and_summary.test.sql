begin;
select plan(5);

select is((select count(*) from switchboard.help()),
          (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname in ('switchboard', 'switchboard_agent', 'switchboard_board', 'switchboard_worker', 'switchboard_metrics')),
          'one row per function of the API and the surfaces');
select is_empty($$select h.function from switchboard.help() h where h.summary !~ '\.$'$$,
                'each with a summary that ends its sentence');
select is((select h.function from switchboard.help('claim_next') h where h.function like 'switchboard.claim_next%'),
          E'switchboard.claim_next\n  (endpoint_id, queue, claimant, require_fence,\n   lease_seconds, mcp_session_id)',
          'the name, then the argument names in order, wrapped');
select is((select replace(h.summary, E'\n', ' ') from switchboard.help('claim_next') h where h.function like 'switchboard.claim_next%'),
          (regexp_match(obj_description('switchboard.claim_next'::regproc), '^(.*?\.)\s'))[1],
          'the summary is the first sentence of the comment');
select set_eq($$select split_part(h.function, E'\n', 1) from switchboard.help('claim_next') h$$,
              array['switchboard.claim_next', 'switchboard_agent.claim_next'], 'a topic filters by name');

select * from finish();
rollback;
