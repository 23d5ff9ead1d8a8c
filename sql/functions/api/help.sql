-- help: the DBA's manual that fits a screen. \df+ prints every body (a megabyte); this lists each function of
--   the API (schema switchboard) and of the surfaces' entry points (switchboard_agent, switchboard_board,
--   switchboard_worker, switchboard_metrics) with the first line of its comment. topic filters by name (a substring). The full
--   comment of one: select obj_description('switchboard.claim_next'::regproc) (or ::regprocedure with the
--   argument types, for an overloaded name). Reads only.
create or replace function switchboard.help(topic text default null)
returns table (function text, arguments text, summary text)
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  select n.nspname || '.' || p.proname,
         pg_catalog.pg_get_function_identity_arguments(p.oid),
         split_part(coalesce(pg_catalog.obj_description(p.oid, 'pg_proc'), ''), E'\n', 1)
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
   where n.nspname in ('switchboard', 'switchboard_agent', 'switchboard_board', 'switchboard_worker', 'switchboard_metrics')
     -- A name is at most 63 bytes, so no longer topic can match; cut, lower() does not lower a megabyte per function.
     and (topic is null or strpos(p.proname, lower(left(topic, 64))) > 0)
   order by case n.nspname when 'switchboard' then 0 when 'switchboard_agent' then 1 when 'switchboard_board' then 2
                           when 'switchboard_worker' then 3 else 4 end,
            p.proname, 2
$$;
comment on function switchboard.help(text) is
$$help(topic null = all) -> rows (function, arguments, summary): every API function (switchboard) and surface entry point
(switchboard_agent, switchboard_board, switchboard_worker, switchboard_metrics), topic a substring of the name, with its comment's first line.
One function's full comment: select obj_description('switchboard.claim_next'::regproc). Reads only.$$;
