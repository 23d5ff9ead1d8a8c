begin;
select plan(5);

select test.endpoint() as ep \gset
select switchboard.add_todo(:'ep'::uuid, 'builds', payload => '{"repo": "x"}', title => 'build x') as t \gset

select is((:'t'::jsonb)->>'state', 'pending', 'a new todo is pending');
select is(((:'t'::jsonb)->>'attempt')::int, 0, 'with no attempt spent');
select is(((:'t'::jsonb)->>'max_attempts')::int, 5, 'max_attempts defaults to default_max_attempts (5)');
select is((select array_agg(k order by k) from jsonb_object_keys(:'t'::jsonb) k),
          array['attempt','created_at','dead_letter','held_by','id','lease_expires_at','lease_lapsed','max_attempts','next_retry_at','owner','priority',
                'queue','run_at','state','title','updated_at'],
          'the todo document has its fields, and no payload on this verb');
select test.set('default_max_attempts', '9');
select is(((switchboard.add_todo(:'ep'::uuid, 'builds'))->>'max_attempts')::int, 9, 'default_max_attempts is read on every add');

select * from finish();
rollback;
