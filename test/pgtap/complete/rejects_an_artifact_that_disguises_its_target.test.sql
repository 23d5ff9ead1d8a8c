begin;
select plan(9);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset

-- A link whose text misleads about where it goes: user info before the host, or bidirectional controls.
select throws_ok(format('select switchboard.complete(%L::uuid, %L::uuid, artifact => %L)', :'ep', :'td', a), 'SB422', null, d)
  from (values
    ('https://a@b.example/', 'user info'),
    ('https://ci.example.com:pw@evil.example/run', 'user and password'),
    (E'https://ci.example.com/run/\u202Egpj.exe', 'U+202E right-to-left override'),
    (E'https://ci.example.com/\u202Arun', 'U+202A'),
    (E'https://ci.example.com/\u2066run\u2069', 'U+2066 and U+2069 isolates'),
    (E'https://ci.example.com/\u2068run', 'U+2068')) v(a, d);
select is((test.todo_row(:'td'))->>'state', 'claimed', 'the todo stays claimed');
select lives_ok(format('select switchboard.complete(%L::uuid, %L::uuid, artifact => %L)', :'ep', :'td',
                       'https://ci.example.com/runs/7?user=a@b#log'), 'an @ after the host (path, query) is fine');
select is((test.todo_row(:'td'))->>'state', 'done', 'and completes');

select * from finish();
rollback;
