begin;
select plan(8);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset

select throws_ok(format('select switchboard.list_todos(%L::uuid, cursor => %L)', :'ep', c), 'SB422', null, d)
  from (values
    ('not a cursor!', 'garbage'),
    ('////', 'base64 of bytes that are not UTF-8'),
    ('ab=c', 'padding in the middle'),
    (encode(convert_to('2026-13-45T99:99:99.000000Z 00000000-0000-0000-0000-000000000000', 'UTF8'), 'base64'), 'an impossible time'),
    (encode(convert_to('2026-01-01T00:00:00.000000Z ------------------------------------', 'UTF8'), 'base64'), 'a malformed id'),
    (encode(convert_to('2026-01-01T00:00:00.000000Z', 'UTF8'), 'base64'), 'a time without an id'),
    ('', 'an empty cursor')) v(c, d);
select is(jsonb_array_length((switchboard.list_todos(:'ep'::uuid))->'todos'), 1, 'without a cursor the list still works');

select * from finish();
rollback;
