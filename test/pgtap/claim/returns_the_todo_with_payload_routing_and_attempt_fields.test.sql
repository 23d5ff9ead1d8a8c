begin;
select plan(7);

select test.endpoint() as ep \gset
select (switchboard.add_todo(:'ep'::uuid, 'q', payload => '{"repo": "x"}', routing => '{"gpu": true}', title => 't'))->>'id' as td \gset
select (switchboard.add_todo(:'ep'::uuid, 'q'))->>'id' as td2 \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset
select switchboard.claim(:'ep'::uuid, :'td2'::uuid, require_fence => true) as f \gset

select is((select array_agg(k order by k) from jsonb_object_keys(:'c'::jsonb) k),
          array['attempt','attempt_seq','attempts_total','created_at','dead_letter','held_by','id','lease_expires_at','lease_lapsed',
                'max_attempts','next_retry_at','notice','owner','payload','prior_attempts','priority','queue','routing','run_at','state',
                'title','updated_at'],
          'a claim is the todo with payload and routing, attempt_seq, attempts_total, prior_attempts and the notice');
select is((:'c'::jsonb)->'payload', '{"repo": "x"}'::jsonb, 'the payload');
select is((:'c'::jsonb)->'routing', '{"gpu": true}'::jsonb, 'the routing');
select matches((:'c'::jsonb)->>'held_by', '^agent:', 'held_by is agent:<agent_id>');
select is((:'c'::jsonb)->>'owner', (:'c'::jsonb)->>'held_by', 'owner is the same holder, under its old name');
select is((select array_agg(k order by k) from jsonb_object_keys(:'f'::jsonb) k)
            operator(pg_catalog.@>) array['lease_token'], true, 'a fenced claim adds lease_token');
select is((select count(*) from jsonb_object_keys(:'f'::jsonb)), (select count(*) + 1 from jsonb_object_keys(:'c'::jsonb)),
          'and nothing else');

select * from finish();
rollback;
