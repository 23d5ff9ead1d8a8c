begin;
select plan(16);

-- Team T's requester holds add_todo, get_todo, list_todos and cancel: it files and follows the team's work, and is
-- forbidden to claim it (claim_next on either form, claim by id) or to act on the lease T's worker holds, by endpoint
-- id and by credential. The refusal is the verb's, and says nothing about the todo: it is the same for a
-- never-minted id. Nothing changes.
select test.team() as f \gset
select (:'f'::jsonb)->>'r' as r, (:'f'::jsonb)->>'w' as w, (:'f'::jsonb)->>'cr' as cr \gset
select test.todo(:'r', 'tq') as ready \gset
select test.todo(:'r', 'tq') as held \gset
select switchboard.claim(:'w'::uuid, :'held'::uuid) as c \gset
select gen_random_uuid() as never \gset
create temporary table before on commit drop as
  select t.id, to_jsonb(t) - 'updated_at' as row from switchboard.todos t where t.id in (:'ready', :'held');

select throws_ok(format('select switchboard.claim_next(%L::uuid, %L)', :'r', 'tq'), 'SB403', null,
                 'claim_next(queue => tq) by endpoint id: forbidden');
select throws_ok(format('select switchboard.claim_next(%L::uuid)', :'r'), 'SB403', null,
                 'claim_next over every queue by endpoint id: forbidden');
select is(test.error_of(format('select switchboard.claim(%L::uuid, %L::uuid)', :'r', :'ready'))->>'sqlstate', 'SB403',
          'claim by endpoint id: forbidden');
select is(test.error_of(format('select switchboard.claim(%L::uuid, %L::uuid)', :'r', :'ready')),
          test.error_of(format('select switchboard.claim(%L::uuid, %L::uuid)', :'r', :'never')),
          'claim: the same refusal as for a never-minted id');

set local role switchboard_agent;
select throws_ok(format('select switchboard_agent.claim_next(%L, %L)', :'cr', 'tq'), 'SB403', null,
                 'claim_next(queue => tq) by credential: forbidden');
select throws_ok(format('select switchboard_agent.claim_next(%L)', :'cr'), 'SB403', null,
                 'claim_next over every queue by credential: forbidden');
select throws_ok(format('select switchboard_agent.claim(%L, %L::uuid)', :'cr', :'ready'), 'SB403', null,
                 'claim by credential: forbidden');
-- The answers as one document: the role may not make a temporary table (migrate takes TEMPORARY from PUBLIC).
select jsonb_agg(jsonb_build_object('verb', v.verb, 'held_err', test.error_of(format(v.by_credential, :'cr', :'held')),
                                    'never_err', test.error_of(format(v.by_credential, :'cr', :'never')))) as ends
  from test.agent_todo_calls() v where v.verb in ('heartbeat', 'complete', 'fail', 'release') \gset
reset role;
create temporary table ends on commit drop as
  select * from jsonb_to_recordset(:'ends') as e(verb text, held_err jsonb, never_err jsonb);
select is(held_err->>'sqlstate', 'SB403', verb || ' on the worker''s lease: forbidden') from ends order by verb;
select is(held_err, never_err, verb || ': the same refusal as for a never-minted id') from ends order by verb;

select is((select count(*) from switchboard.todos t join before b on b.id = t.id where to_jsonb(t) - 'updated_at' = b.row),
          2::bigint, 'both todos are as they were');
select * from finish();
rollback;
