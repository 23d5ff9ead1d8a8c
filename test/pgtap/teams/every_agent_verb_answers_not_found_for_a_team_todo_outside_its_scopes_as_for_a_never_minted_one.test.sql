begin;
select plan(97);

-- Three endpoints outside team T's scope, each holding leases as agent:worker-1 as T's worker does: another team's
-- worker (whose team also has a team queue named tq), the personal endpoint of T's own admin, and an outsider's.
-- Each names T's todos on every agent entry point that takes a todo id, by endpoint id (switchboard.*) and by
-- credential (switchboard_agent.*, as switchboard_agent): every answer is the not_found of a never-minted id, byte for
-- byte but for the id it echoes. None lists T's todos or claims one (claim_next on either form), and T's todos, leases
-- and attempts are untouched.
select test.team() as f \gset
select (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w \gset
select test.todo(:'r', 'tq') as held \gset
select test.todo(:'r', 'tq') as lapsed \gset
select test.todo(:'r', 'tq') as ready \gset
select switchboard.claim(:'w'::uuid, :'held'::uuid) as c1 \gset
select switchboard.claim(:'w'::uuid, :'lapsed'::uuid) as c2 \gset
select test.lapse(:'lapsed');
select gen_random_uuid() as never \gset
create temporary table before on commit drop as
  select t.id, to_jsonb(t) - 'updated_at' as row from switchboard.todos t where t.id in (:'held', :'lapsed', :'ready');

create temporary table callers on commit drop as
  select c.who, (:'f'::jsonb)->>c.id_key as id, (:'f'::jsonb)->>c.cred_key as cred
    from (values ('another team''s worker', 'w2', 'cw2'), ('the admin''s personal endpoint', 'p', 'cp'),
                 ('an outsider''s endpoint', 'x', 'cx')) c(who, id_key, cred_key);
create temporary table answers (who text, verb text, path text, foreign_err jsonb, never_err jsonb) on commit drop;
grant all on answers to public;
grant select on callers to public;

insert into answers
  select c.who, v.verb, 'by endpoint id',
         test.error_of(format(v.by_id, c.id, case when v.verb = 'claim' then :'ready' else :'held' end)),
         test.error_of(format(v.by_id, c.id, :'never'))
    from callers c cross join test.agent_todo_calls() v;
set local role switchboard_agent;
insert into answers
  select c.who, v.verb, 'by credential',
         test.error_of(format(v.by_credential, c.cred, case when v.verb = 'claim' then :'ready' else :'held' end)),
         test.error_of(format(v.by_credential, c.cred, :'never'))
    from callers c cross join test.agent_todo_calls() v;
reset role;

select is(never_err->>'sqlstate', 'SB404', verb || ', ' || path || ': a never-minted id is not_found')
  from answers where who = 'an outsider''s endpoint' order by verb, path;
select is(replace(foreign_err::text, case when verb = 'claim' then :'ready' else :'held' end, '<id>'),
          replace(never_err::text, :'never', '<id>'),
          verb || ', ' || path || ': ' || who || ' gets the same not_found for T''s todo')
  from answers order by who, verb, path;

-- Nothing listed, nothing claimed, on either path.
select is(test.ids(switchboard.list_todos(id::uuid)), '{}'::text[], 'list_todos by endpoint id: ' || who || ' lists none of T''s todos')
  from callers order by who;
select is(test.ids(switchboard.a2a_list(id::uuid)), '{}'::text[], 'a2a_list by endpoint id: ' || who || ' lists none of T''s tasks')
  from callers order by who;
select is(switchboard.claim_next(id::uuid, 'tq'), '{"empty": true}'::jsonb, 'claim_next(queue => tq) by endpoint id: ' || who || ' finds none')
  from callers order by who;
select is(switchboard.claim_next(id::uuid), '{"empty": true}'::jsonb, 'claim_next over every queue by endpoint id: ' || who || ' finds none')
  from callers order by who;
set local role switchboard_agent;
select is(test.ids(switchboard_agent.list_todos(cred)), '{}'::text[], 'list_todos by credential: ' || who || ' lists none')
  from callers order by who;
select is(test.ids(switchboard_agent.a2a_list(cred)), '{}'::text[], 'a2a_list by credential: ' || who || ' lists none')
  from callers order by who;
select is(switchboard_agent.claim_next(cred, 'tq'), '{"empty": true}'::jsonb, 'claim_next(queue => tq) by credential: ' || who || ' finds none')
  from callers order by who;
select is(switchboard_agent.claim_next(cred), '{"empty": true}'::jsonb, 'claim_next over every queue by credential: ' || who || ' finds none')
  from callers order by who;
reset role;

select is((select count(*) from switchboard.todos t join before b on b.id = t.id where to_jsonb(t) - 'updated_at' = b.row),
          3::bigint, 'T''s three todos are as they were: states, holders, leases and attempts');

select * from finish();
rollback;
