begin;
select plan(8);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, require_fence => true) as c \gset

-- The SQLSTATE first: a call that stopped raising would leave the hint null and pass an isnt(.., '') alone.
select test.error_of(format('select switchboard.complete(%L::uuid, %L::uuid)', :'ep', :'td')) as e1 \gset
select is((:'e1'::jsonb)->>'sqlstate', 'SB409', 'complete without the fence is a conflict');
select ok(length((:'e1'::jsonb)->>'hint') > 0, 'a fence conflict says how to recover');
select test.error_of(format('select switchboard.get_todo(%L::uuid, %L::uuid)', :'ep', gen_random_uuid())) as e2 \gset
select is((:'e2'::jsonb)->>'sqlstate', 'SB404', 'an unknown id is not_found');
select ok(length((:'e2'::jsonb)->>'hint') > 0, 'not_found says where to look');
select test.error_of(format('select switchboard.claim_next(%L::uuid)', gen_random_uuid())) as e3 \gset
select is((:'e3'::jsonb)->>'sqlstate', 'SB403', 'an unknown endpoint is forbidden');
select ok(length((:'e3'::jsonb)->>'hint') > 0, 'forbidden says whom to ask');

-- An error with nothing to suggest carries no hint at all (psql prints no empty "HINT:" line).
select test.error_of('select switchboard.reap(0)') as e4 \gset
select is((:'e4'::jsonb)->>'sqlstate', 'SB422', 'reap(0) is invalid');
select is((:'e4'::jsonb)->>'hint', '', 'with no hint');

select * from finish();
rollback;
