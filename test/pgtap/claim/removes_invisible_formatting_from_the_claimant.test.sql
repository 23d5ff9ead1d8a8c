-- A claimant label is stored without control characters and invisible formatting characters: a worker cannot
-- make its label read as another's (U+202E) or hide text in it (zero-width, tag characters).
begin;
select plan(2);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset

select is(switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => E'run-\u202E1-nur\u2066' || U&'\200C\+0E0041' || E'\n7')->>'state',
          'claimed', 'the claim succeeds');
select is(test.attempt_row(:'td', 1)->>'claimant', 'run-1-nur7', 'the stored claimant keeps only what a reader sees');

select * from finish();
rollback;
