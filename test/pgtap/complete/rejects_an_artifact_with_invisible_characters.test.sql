-- An artifact is checked, not cut: one carrying a character clean_text would remove (zero-width, BOM, tag
-- characters, line separator, bidi marks) is invalid, and the todo stays claimed.
begin;
select plan(6);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset

select throws_ok(format('select switchboard.complete(%L::uuid, %L::uuid, artifact => %L)', :'ep', :'td', a), 'SB422', null, d)
  from (values
    ('https://ci.example.com/run' || U&'\200B' || '7', 'U+200B zero-width space'),
    ('https://ci.example.com/' || U&'\200F' || 'run', 'U+200F right-to-left mark'),
    ('mcp://cairn/r42' || U&'\FEFF', 'U+FEFF after a Cairn handle'),
    ('https://ci.example.com/run' || U&'\+0E0041', 'a tag character'),
    ('https://ci.example.com/run' || U&'\2028', 'U+2028 line separator')) v(a, d);
select is((test.todo_row(:'td'))->>'state', 'claimed', 'the todo stays claimed');

select * from finish();
rollback;
