begin;
select plan(7);

-- A result's limit is 256 KiB (262144 bytes) of its JSON text, on each path of complete: a result of exactly the
-- limit is stored; one byte more is invalid, and the todo stays claimed under its open attempt.
select test.endpoint() as ep \gset
-- '"' || 262142 x's || '"' is 262144 bytes of JSON text.
select to_jsonb(repeat('x', 262142)) as at_limit, to_jsonb(repeat('x', 262143)) as over \gset
create temporary table cases (p text, fits uuid, too_big uuid) on commit drop;
insert into cases (p) select test.paths('complete');
update cases set fits = test.todo(:'ep'), too_big = test.todo(:'ep');
select switchboard.claim(:'ep'::uuid, x) from cases, unnest(array[fits, too_big]) x;

select is(octet_length(:'at_limit'::jsonb::text), 262144, 'the fixture: a result of exactly 262144 bytes');
select throws_ok(format('select test.complete(%L, %L::uuid, %L::uuid, result => %L::jsonb)', p, :'ep', too_big, :'over'),
                 'SB422', null, p || ': one byte over the limit is invalid')
  from cases order by p;
select is((select count(*) from switchboard.todos t join cases c on c.too_big = t.id
            where t.state = 'claimed' and t.result is null and t.head_ended_at is null), 2::bigint,
          'both refused todos stay claimed, their attempts open, no result stored');
select is((test.complete(p, :'ep', fits, result => :'at_limit'::jsonb))->>'state', 'done',
          p || ': a result of exactly the limit completes')
  from cases order by p;
select is((select count(*) from switchboard.todos t join cases c on c.fits = t.id
            where t.state = 'done' and t.result = :'at_limit'::jsonb), 2::bigint, 'and is stored whole');

select * from finish();
rollback;
