-- Run against the proxy database. The routing keys (switchboard_proxy.secret_slot, id_slot) read a scope's slot from
-- what the caller presents: a secret's two hex digits after s, an id's first byte. A secret with no slot (unsharded
-- or malformed) and a null id go to partition 0, which refuses them as any shard would; a null slot would fail the
-- call inside PL/Proxy instead of answering forbidden or not_found.
begin;
select plan(6);

select is(switchboard_proxy.secret_slot('sbk_s1f_' || repeat('a', 40)), 31, 'a credential''s slot is its two hex digits');
select is(switchboard_proxy.secret_slot('sbs_sff_x'), 255, 'up to ff');
select is(switchboard_proxy.secret_slot('sbk_' || repeat('a', 40)), 0, 'an unsharded secret goes to partition 0');
select is(switchboard_proxy.secret_slot(null), 0, 'no secret goes to partition 0');
select is(switchboard_proxy.id_slot('9c000000-0000-4000-8000-000000000000'), 156, 'an id''s slot is its first byte');
select is(switchboard_proxy.id_slot(null), 0, 'a null id goes to partition 0');

select * from finish();
rollback;
