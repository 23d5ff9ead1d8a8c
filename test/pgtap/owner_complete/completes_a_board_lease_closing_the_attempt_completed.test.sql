begin;
select plan(5);

select test.endpoint(handle => 'alice') as ep \gset
select test.owner_of(:'ep') as ow \gset
select test.todo(:'ep') as td \gset
select switchboard.owner_claim(:'ow', :'td') \gset
select switchboard.owner_complete(:'ow', :'td', result => '{"ok": true}', summary => 'fixed by hand',
                                  artifact => 'https://ci.example/run/1') as d \gset

select is((:'d'::jsonb)->>'state', 'done', 'the todo is done');
select is((select result from switchboard.todos where id = :'td'), '{"ok": true}'::jsonb, 'the result is stored');
select is(test.attempt_row(:'td', 1)->>'outcome', 'completed', 'the attempt closes completed');
select is(test.attempt_row(:'td', 1)->>'summary', 'fixed by hand', 'with the summary');
select throws_ok(format('select switchboard.owner_complete(%L, %L)', :'ow', :'td'), 'SB409', null, 'a done todo is conflict');

select * from finish();
rollback;
