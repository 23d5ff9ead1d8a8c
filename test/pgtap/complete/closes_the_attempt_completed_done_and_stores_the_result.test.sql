begin;
select plan(8);

-- On each path of complete (the one statement, and the long way it takes when that matched nothing), with and
-- without an artifact: the todo is done with no owner and no lease, the attempt closes completed/done keeping the
-- summary and artifact, and the result is stored on the todo.
select test.endpoint() as ep \gset
create temporary table cases (p text, artifact text, td uuid) on commit drop;
insert into cases (p, artifact) select p, a from test.paths('complete') p, (values (null), ('mcp://cairn/receipt-42')) v(a);
update cases set td = test.todo(:'ep');
select switchboard.claim(:'ep'::uuid, td) from cases;
create temporary table done on commit drop as
  select p, artifact, td, test.complete(p, :'ep', td, result => '{"ok": true}', summary => 'built and tested', artifact => artifact) as d
    from cases;

select is(jsonb_build_object('state', d->>'state', 'owner', d->>'owner', 'lease_expires_at', d->>'lease_expires_at'),
          '{"state": "done", "owner": null, "lease_expires_at": null}'::jsonb,
          p || coalesce(', artifact ' || artifact, '') || ': done, with no owner and no lease')
  from done order by p, artifact nulls first;
select is((select jsonb_build_object('outcome', a->>'outcome', 'disposition', a->>'disposition', 'summary', a->>'summary',
                                     'artifact', a->>'artifact', 'result', (switchboard.get_todo(:'ep'::uuid, td))->'result')
             from test.attempt_row(td, 1) a),
          jsonb_build_object('outcome', 'completed', 'disposition', 'done', 'summary', 'built and tested',
                             'artifact', artifact, 'result', '{"ok": true}'::jsonb),
          p || coalesce(', artifact ' || artifact, '') || ': the attempt closes completed/done with summary and artifact; the result is stored')
  from done order by p, artifact nulls first;

select * from finish();
rollback;
