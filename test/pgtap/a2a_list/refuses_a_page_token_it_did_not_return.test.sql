begin;
select plan(2);

select test.endpoint() as ep \gset
select throws_ok(format('select switchboard.a2a_list(%L::uuid, page_token => %L)', :'ep', 'bm90IGEgdG9rZW4='), 'SB422', null,
                 'a made-up token is invalid');
select throws_ok(format('select switchboard.a2a_list(%L::uuid, page_token => %L)', :'ep', '%%%'), 'SB422', null,
                 'and so is one that is not even base64');

select * from finish();
rollback;
