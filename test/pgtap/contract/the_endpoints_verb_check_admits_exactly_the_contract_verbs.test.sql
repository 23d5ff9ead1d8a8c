begin;
select plan(3);

-- The endpoints table's CHECK and contract() read one list (switchboard_internal.agent_verbs()): it admits the
-- contract's verbs and nothing else.
select (switchboard.add_owner('contract-verbs'))->>'owner_id' as ow \gset
select lives_ok(format($$insert into switchboard.endpoints (owner_id, agent_id, verbs, credential_sha256)
                         select %L, 'all', array(select jsonb_array_elements_text(switchboard.contract() -> 'verbs')), sha256('a')$$, :'ow'),
                'the CHECK admits every verb of contract()');
select alike(test.error_of(format($$insert into switchboard.endpoints (owner_id, agent_id, verbs, credential_sha256)
                                   values (%L, 'bogus', array['claim', 'teleport'], sha256('b'))$$, :'ow'))::text,
            '%endpoints_verbs_known%', 'and refuses one outside it, by that CHECK');
select is((switchboard.vend_endpoint(:'ow'::uuid, 'v'))->'verbs', switchboard.contract() -> 'verbs',
          'vend_endpoint with no verbs spells out the contract''s, in its order');

select * from finish();
rollback;
