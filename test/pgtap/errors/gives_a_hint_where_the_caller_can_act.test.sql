begin;
select plan(3);

select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select switchboard.claim(:'ep'::uuid, :'td'::uuid, require_fence => true) as c \gset

select isnt(test.error_of(format('select switchboard.complete(%L::uuid, %L::uuid)', :'ep', :'td'))->>'hint', '',
            'a fence conflict says how to recover');
select isnt(test.error_of(format('select switchboard.get_todo(%L::uuid, %L::uuid)', :'ep', gen_random_uuid()))->>'hint', '',
            'not_found says where to look');
select isnt(test.error_of(format('select switchboard.claim_next(%L::uuid)', gen_random_uuid()))->>'hint', '',
            'forbidden says whom to ask');

select * from finish();
rollback;
