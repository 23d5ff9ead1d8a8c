begin;
select plan(4);

-- ADR-0039 Confirmation: another attempt's token (an earlier attempt of this todo, or another todo's) is conflict.
select test.endpoint() as ep \gset
select test.todo(:'ep') as td \gset
select test.todo(:'ep') as other \gset
select (switchboard.claim(:'ep'::uuid, :'td'::uuid, require_fence => true))->>'lease_token' as old_tok \gset
select switchboard.release(:'ep'::uuid, :'td'::uuid, lease_token => :'old_tok') as r \gset
select (switchboard.claim(:'ep'::uuid, :'td'::uuid, require_fence => true))->>'lease_token' as tok \gset
select (switchboard.claim(:'ep'::uuid, :'other'::uuid, require_fence => true))->>'lease_token' as other_tok \gset

select throws_ok(format('select switchboard.complete(%L::uuid, %L::uuid, lease_token => %L)', :'ep', :'td', :'old_tok'), 'SB409', null,
                 'the token of the todo''s earlier attempt is a conflict');
select throws_ok(format('select switchboard.complete(%L::uuid, %L::uuid, lease_token => %L)', :'ep', :'td', :'other_tok'), 'SB409', null,
                 'another todo''s token is a conflict');
select is((test.todo_row(:'td'))->>'state', 'claimed', 'the todo stays claimed');
select is((switchboard.complete(:'ep'::uuid, :'td'::uuid, lease_token => :'tok'))->>'state', 'done', 'its own token completes it');

select * from finish();
rollback;
