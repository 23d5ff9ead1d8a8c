begin;
select plan(4);

select test.endpoint() as ep \gset
select test.todo(:'ep') as t1 \gset
select test.todo(:'ep') as t2 \gset
select test.todo(:'ep') as t3 \gset
select test.todo(:'ep') as t4 \gset
select switchboard.claim(:'ep'::uuid, x) from unnest(array[:'t1', :'t2', :'t3', :'t4']::uuid[]) x;

select is((switchboard.complete(:'ep'::uuid, :'t1'::uuid, artifact => 'mcp://cairn/' || repeat('A', 64)))->>'state', 'done',
          'mcp://cairn/ with a 64-character id');
select is((switchboard.complete(:'ep'::uuid, :'t2'::uuid, artifact => 'mcp://cairn/r_1-x'))->>'state', 'done',
          'mcp://cairn/ with letters, digits, _ and -');
select is((switchboard.complete(:'ep'::uuid, :'t3'::uuid, artifact => 'https://ci.example.com/runs/42?tab=log#L10'))->>'state', 'done',
          'an absolute https URL');
select is((switchboard.complete(:'ep'::uuid, :'t4'::uuid, artifact => 'https://x.example/' || repeat('p', 494)))->>'state', 'done',
          'an https URL of exactly 512 bytes');

select * from finish();
rollback;
