begin;
select plan(12);

select test.endpoint() as ep \gset
select (switchboard.add_todo(:'ep'::uuid, 'q', payload => '{"repo": "x"}', title => 'build', routing => '{"arch": "arm64"}'))->>'id' as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'one') as c1 \gset
select switchboard.fail(:'ep'::uuid, :'td'::uuid, result => '{"exit": 1}', summary => 'red') as f \gset
select test.due(:'td');
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => 'two') as c2 \gset
select switchboard.get_todo(:'ep'::uuid, :'td'::uuid) as g \gset

select is((:'g'::jsonb)->>'id', :'td', 'the todo');
select is((:'g'::jsonb)->'payload', '{"repo": "x"}'::jsonb, 'with its payload');
select is((:'g'::jsonb)->'routing', '{"arch": "arm64"}'::jsonb, 'its routing');
select is((:'g'::jsonb)->'result', '{"exit": 1}'::jsonb, 'its stored result');
select ok((:'g'::jsonb) ? 'next_retry_at' and (:'g'::jsonb)->'dead_letter' = 'false', 'next_retry_at and dead_letter');
select is(array(select x->>'seq' from jsonb_array_elements((:'g'::jsonb)->'attempts') x), array['2', '1'],
          'attempts newest first, the open one included');
select is((:'g'::jsonb)#>>'{attempts,0,outcome}', null, 'the open attempt has no outcome');
select is((:'g'::jsonb)#>>'{attempts,1,summary}', 'red', 'the closed one its summary');
select is(((:'g'::jsonb)->>'attempts_total')::int, 2, 'attempts_total');
select is(((:'g'::jsonb)->>'attempts_pruned')::int, 0, 'attempts_pruned');
select is((select array_agg(k order by k) from jsonb_object_keys((:'g'::jsonb)#>'{attempts,0}') k),
          array['artifact','attempt','claimant','claimed_at','claimer_kind','died','disposition','ended_at',
                'last_heartbeat_at','outcome','seq','summary','summary_truncated'],
          'each attempt carries exactly the attempt fields');
select matches((:'g'::jsonb)#>>'{attempts,0,claimed_at}', '^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$', 'times are RFC 3339');

select * from finish();
rollback;
