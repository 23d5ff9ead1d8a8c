begin;
select plan(7);

-- What a surface reads to answer HTTP 401: forbidden with DETAIL {"credential": "refused"} when the credential itself
-- is refused (whichever statement finds it), and a plain forbidden for a verb the endpoint was not vended.
create function pg_temp.detail_of(stmt text) returns text language plpgsql as $$
declare d text;
begin
  execute stmt;
  return 'no error';
exception when sqlstate 'SB403' then
  get stacked diagnostics d = pg_exception_detail;
  return coalesce(nullif(d, ''), 'none');
end;
$$;

select (switchboard.add_owner('refused-owner'))->>'owner_id' as ow \gset
select switchboard.vend_endpoint(:'ow'::uuid, 'refused-bot', array['list_todos']) as v \gset
select (:'v'::jsonb)->>'credential' as cred, (:'v'::jsonb)->>'endpoint_id' as ep \gset

select is(pg_temp.detail_of(format('select switchboard_agent.add_todo(%L, %L)', :'cred', 'q')), 'none',
          'a verb the endpoint lacks: forbidden without the mark');
select is(pg_temp.detail_of(format('select switchboard_agent.list_todos(%L)', 'sbk_unknown')), '{"credential": "refused"}',
          'an unknown credential on a verb: the mark');
select is(pg_temp.detail_of(format('select switchboard_agent.authenticate(%L)', 'sbk_unknown')), '{"credential": "refused"}',
          'and on authenticate');
select is(pg_temp.detail_of(format('select switchboard.claim_next(%L::uuid)', gen_random_uuid())), '{"credential": "refused"}',
          'an endpoint id never vended, on the API path: the mark (the same for any id, so no tenant is told apart)');
select switchboard.revoke_endpoint(:'ow'::uuid, :'ep'::uuid) is not null as revoked \gset
select is(pg_temp.detail_of(format('select switchboard_agent.list_todos(%L)', :'cred')), '{"credential": "refused"}',
          'a revoked credential: the mark');
select is(pg_temp.detail_of(format('select switchboard_agent.add_todo(%L, %L)', :'cred', 'q')), '{"credential": "refused"}',
          'on a verb it was never vended too: the credential is refused first');
select is(pg_temp.detail_of(format('select switchboard.list_todos(%L::uuid)', :'ep')), '{"credential": "refused"}',
          'a revoked endpoint on the API path: the mark');

select * from finish();
rollback;
