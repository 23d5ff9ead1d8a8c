-- help: the manual that fits a screen: each function of the API and of the surfaces, with its
-- summary. Every function of schema switchboard and of the entry points of switchboard_agent,
-- switchboard_board, switchboard_worker and switchboard_metrics, its argument names in order, and
-- the first sentence of its comment, both wrapped so that psql's table stays within 100 columns.
-- Reads only. Returns rows (function, summary). Errors: none.
--
-- topic: only functions whose name contains it; null: all.
--
-- Example: select * from switchboard.help('claim');
create or replace function switchboard.help(topic text default null)
returns table (function text, summary text)
language sql
stable
security definer
set search_path = switchboard, pg_temp
as $$
  -- Each cell is word-wrapped with regexp_replace: a run of at most N characters that ends at a blank or at the end
  -- becomes a line (a word longer than N stays whole). The widths keep psql's aligned table within 100 columns.
  select f.name || case when f.args = '' then '()' else
           E'\n  (' || replace(rtrim(regexp_replace(f.args || ')', '(.{1,44})(\s+|$)', E'\\1\n', 'g'), E'\n'), E'\n', E'\n   ')
         end,
         rtrim(regexp_replace(f.sentence, '(.{1,44})(\s+|$)', E'\\1\n', 'g'), E'\n')
    from (
      select n.nspname || '.' || p.proname as name,
             case n.nspname when 'switchboard' then 0 when 'switchboard_agent' then 1 when 'switchboard_board' then 2
                                             when 'switchboard_worker' then 3 else 4 end
               as surface,
             coalesce(array_to_string(array(
               select a.name from unnest(p.proargnames) with ordinality a(name, i)
                where coalesce(p.proargmodes[a.i], 'i') in ('i', 'b', 'v') order by a.i), ', '), '') as args,
             -- The summary: the first sentence of the comment's first paragraph (a period, then a blank and the next
             -- sentence, or the paragraph's end).
             coalesce((regexp_match(regexp_replace(split_part(coalesce(pg_catalog.obj_description(p.oid, 'pg_proc'), ''),
                                                             E'\n\n', 1), '\s+', ' ', 'g'),
                                    '^(.*?\.)(?:\s+[A-Za-z0-9(`"''{]|$)'))[1], '') as sentence
        from pg_catalog.pg_proc p
        join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('switchboard', 'switchboard_agent', 'switchboard_board', 'switchboard_worker', 'switchboard_metrics')
         -- A name is at most 63 bytes, so no longer topic can match; cut, lower() does not lower a megabyte per function.
         and (topic is null or strpos(p.proname, lower(left(topic, 64))) > 0)
    ) f
   order by f.surface, f.name
$$;
