begin;
select plan(8);

-- A fenced attempt's own lease_token satisfies the fence on every path of complete and release, and for heartbeat
-- and fail; the token a claim_next returns (on either of its paths) is such a token.
select test.endpoint() as ep \gset
create temporary table held (verb text, p text, id uuid, token text) on commit drop;
insert into held (verb, p) select v.verb, p from (values ('complete'), ('release')) v(verb), test.paths(v.verb) p;
update held set id = test.todo(:'ep', 'q' || verb);
update held set token = (switchboard.claim(:'ep'::uuid, id, require_fence => true))->>'lease_token';
select test.todo(:'ep', 'fq') as f1 \gset
select test.todo(:'ep', 'fq') as f2 \gset

select is((test.complete(p, :'ep', id, lease_token => token))->>'state', 'done', 'complete, ' || p || ': with its token')
  from held where verb = 'complete' order by p;
select is((test.release(p, :'ep', id, lease_token => token))->>'state', 'pending', 'release, ' || p || ': with its token')
  from held where verb = 'release' order by p;

create temporary table picked on commit drop as
  select p, test.claim_next(p, :'ep', queue => 'fq', require_fence => true) as doc from test.paths('claim_next') p;
select is(length(doc->>'lease_token'), 32, 'claim_next, ' || p || ': a fenced claim returns its token') from picked order by p;
select is((switchboard.heartbeat(:'ep', (doc->>'id')::uuid, lease_token => doc->>'lease_token'))->>'state', 'claimed',
          'heartbeat with the token claim_next (' || p || ') returned')
  from picked where p = 'one queue';
select is((switchboard.fail(:'ep', (doc->>'id')::uuid, lease_token => doc->>'lease_token'))->>'state', 'failed',
          'fail with the token claim_next (' || p || ') returned')
  from picked where p = 'any queue';

select * from finish();
rollback;
