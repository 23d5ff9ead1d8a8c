-- The signal key authenticates Switchboard's NOTIFYs: the server's agent role reads it (to check them), and no other
-- role of Switchboard, nor a login with no grants, does.
begin;
select plan(5);

select isnt(switchboard_agent.signal_key(), null, 'there is a key');
select is_empty($$
  select r from unnest(array['switchboard_board', 'switchboard_worker', 'switchboard_metrics', 'switchboard_admin', 'public']) r
   where has_table_privilege(r, 'switchboard_internal.signal_key', 'SELECT')
$$, 'no role may read its table');
select is_empty($$
  select r from unnest(array['switchboard_board', 'switchboard_worker', 'switchboard_metrics', 'switchboard_admin', 'public']) r
   where has_function_privilege(r, 'switchboard_agent.signal_key()', 'EXECUTE')
$$, 'only switchboard_agent may execute switchboard_agent.signal_key()');
set local role switchboard_worker;
select throws_ok('select switchboard_agent.signal_key()', '42501', null, 'the worker cannot read it');
reset role;
set local role switchboard_agent;
select is(octet_length(switchboard_agent.signal_key()), 32, 'the agent (the server) can');
reset role;

select * from finish();
rollback;
