begin;
select plan(13);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset

select throws_ok(format('select switchboard.complete(%L::uuid, %L::uuid, artifact => %L)', :'ep', :'td', a), 'SB422', null, d)
  from (values
    ('https://x.example/' || repeat('p', 495), 'an https URL of 513 bytes'),
    ('http://ci.example.com/run/1', 'http://'),
    ('mcp://cairn/' || repeat('a', 65), 'mcp://cairn/ with a 65-character id'),
    ('mcp://cairn/', 'mcp://cairn/ with an empty id'),
    ('mcp://cairn/has space', 'an id with a space'),
    ('https://ci.example.com/a b', 'a URL with a space'),
    (E'mcp://cairn/abc\n', 'a trailing newline'),
    ('mcp://cairn/a/b', 'an id with a slash'),
    ('mcp://other/abc', 'another mcp server'),
    ('https://', 'https with no host'),
    ('file:///etc/passwd', 'a file URL'),
    ('', 'an empty string')) v(a, d);
select is((test.todo_row(:'td'))->>'state', 'claimed', 'the todo stays claimed');

select * from finish();
rollback;
