begin;
select plan(2);

select test.endpoint() as mine \gset
select test.endpoint() as theirs \gset
select test.todo(:'mine') as m \gset
select test.todo(:'theirs') as t \gset

select is((select jsonb_agg(t ->> 'id') from jsonb_array_elements(switchboard.a2a_list(:'mine'::uuid) -> 'tasks') t),
          jsonb_build_array(:'m'), 'only the caller''s own todos are listed');
select is((switchboard.a2a_list(:'mine'::uuid) ->> 'totalSize')::integer, 1, 'and counted');

select * from finish();
rollback;
