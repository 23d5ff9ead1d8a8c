begin;
select plan(5);

-- 127 ASCII bytes and then a 2-byte character that straddles byte 128: the character goes whole. 129 ASCII bytes:
-- exactly 128 are kept. 128 bytes: kept whole.
select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select test.todo(:'ep') as td2 \gset
select test.todo(:'ep') as td3 \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, claimant => repeat('a', 127) || 'é' || 'tail') as c \gset
select switchboard.claim(:'ep'::uuid, :'td2'::uuid, claimant => repeat('b', 128)) as c2 \gset
select switchboard.claim(:'ep'::uuid, :'td3'::uuid, claimant => repeat('d', 128) || 'e') as c3 \gset

select is((test.attempt_row(:'td', 1))->>'claimant', repeat('a', 127), 'the straddling character is dropped whole');
select is((test.attempt_row(:'td3', 1))->>'claimant', repeat('d', 128), '129 ASCII bytes: exactly the first 128 are kept');
select is(convert_from(convert_to((test.attempt_row(:'td', 1))->>'claimant', 'UTF8'), 'UTF8'),
          repeat('a', 127), 'the kept bytes are valid UTF-8');
select is((test.attempt_row(:'td2', 1))->>'claimant', repeat('b', 128), 'exactly 128 bytes are kept whole');
select is(test.attempt_rows(:'td'), 1::bigint, 'the claim is not rejected');

select * from finish();
rollback;
