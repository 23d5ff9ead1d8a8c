begin;
select plan(4);

select test.endpoint() as ep \gset
select test.todo(:'ep') as t1 \gset
select test.todo(:'ep') as t2 \gset
select test.todo(:'ep') as t3 \gset
select test.todo(:'ep') as t4 \gset
select switchboard.claim(:'ep'::uuid, :'t1'::uuid, claimant => E'run\t-1\n\r\x01\x1b[31m\x7f') as c1 \gset
-- C1 controls (U+0080..U+009F, e.g. CSI U+009B) too, whatever the collation of the argument.
select switchboard.claim(:'ep'::uuid, :'t2'::uuid, claimant => E'box\u009b2J\u0085/7' collate "C") as c2 \gset
select switchboard.claim(:'ep'::uuid, :'t3'::uuid, claimant => E'\n\t\x01') as c3 \gset
select switchboard.claim(:'ep'::uuid, :'t4'::uuid, claimant => 'harness/buildbox/ci-fixer/run-42 é') as c4 \gset

select is((test.attempt_row(:'t1', 1))->>'claimant', 'run-1[31m', 'C0 controls and DEL are removed');
select is((test.attempt_row(:'t2', 1))->>'claimant', 'box2J/7', 'C1 controls are removed under the C collation too');
select is((test.attempt_row(:'t3', 1))->>'claimant', null, 'a claimant of control characters only is stored as null');
select is((test.attempt_row(:'t4', 1))->>'claimant', 'harness/buildbox/ci-fixer/run-42 é', 'printable text is kept as sent');

select * from finish();
rollback;
