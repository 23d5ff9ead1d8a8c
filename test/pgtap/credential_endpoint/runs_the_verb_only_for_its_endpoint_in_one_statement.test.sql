begin;
select plan(4);

select (switchboard.add_owner('alice'))->>'owner_id' as alice \gset
select switchboard.vend_endpoint(:'alice'::uuid, 'a') as va \gset
select (:'va'::jsonb)->>'endpoint_id' as ep_a, (:'va'::jsonb)->>'credential' as cred_a \gset
select (switchboard.vend_endpoint(:'alice'::uuid, 'b'))->>'credential' as cred_b \gset
select test.todo(:'ep_a'::uuid) as todo \gset

-- The statement the MCP server sends for a tool call: the verb runs only when the credential names the endpoint.
create function pg_temp.guarded(credential text, endpoint_id uuid) returns table (named uuid, doc jsonb)
language sql as $$
  select a.endpoint_id, case when a.endpoint_id = guarded.endpoint_id
                             then switchboard.claim_next(endpoint_id => guarded.endpoint_id, queue => 'q') end
    from (select switchboard.credential_endpoint(credential => guarded.credential) as endpoint_id offset 0) a
$$;

create temp table answers as select 'unknown' as who, * from pg_temp.guarded('sbk_nope', :'ep_a'::uuid);
insert into answers select 'foreign', * from pg_temp.guarded(:'cred_b', :'ep_a'::uuid);
select is((select count(*) from switchboard.todo_attempts where todo_id = :'todo'::uuid), 0::bigint,
          'an unknown or another endpoint''s credential claims nothing');
select results_eq($$select who, named is null, doc is null from answers order by who$$,
                  $$values ('foreign', false, true), ('unknown', true, true)$$,
                  'and answers who the credential named, with no document');

insert into answers select 'own', * from pg_temp.guarded(:'cred_a', :'ep_a'::uuid);
select is((select (doc->>'id')::uuid from answers where who = 'own'), :'todo'::uuid, 'the endpoint''s own credential claims');
select is((select count(*) from switchboard.todo_attempts where todo_id = :'todo'::uuid), 1::bigint, 'one attempt');

select * from finish();
rollback;
