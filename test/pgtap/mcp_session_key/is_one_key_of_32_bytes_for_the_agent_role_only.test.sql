begin;
select plan(4);

-- Every server on the database signs MCP session ids with this one key: the agent role reads it, the same each time.
set local role switchboard_agent;
select switchboard_agent.mcp_session_key() as k1 \gset
select is(octet_length(switchboard_agent.mcp_session_key()), 32, 'the key is 32 bytes');
select is(switchboard_agent.mcp_session_key(), :'k1'::bytea, 'and the same on every call');
reset role;

set local role switchboard_board;
select throws_ok('select switchboard_agent.mcp_session_key()', '42501', null, 'the Board role cannot read it');
reset role;
set local role switchboard_worker;
select throws_ok('select switchboard_agent.mcp_session_key()', '42501', null, 'nor can the worker role');
reset role;

select * from finish();
rollback;
