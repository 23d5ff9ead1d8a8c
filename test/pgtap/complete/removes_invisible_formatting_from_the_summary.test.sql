-- A summary is stored without invisible formatting characters (bidirectional controls, zero-width characters, tag
-- characters) and without control characters other than TAB, LF and CR, which a multi-line summary needs.
begin;
select plan(3);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid) as c \gset

select is(switchboard.complete(:'ep'::uuid, :'td'::uuid,
                               summary => E'tests green\u202E\u2069\n\tall' || U&'\200B\2029\+0E0049\+0E0047' || E'\u001b[31m of them\r')->>'state',
          'done', 'the complete succeeds');
select is(test.attempt_row(:'td', 1)->>'summary', E'tests green\n\tall[31m of them\r',
          'the summary keeps its lines and tabs and loses what a reader cannot see');
select is((test.attempt_row(:'td', 1)->>'summary_truncated')::boolean, false, 'removing is not cutting');

select * from finish();
rollback;
