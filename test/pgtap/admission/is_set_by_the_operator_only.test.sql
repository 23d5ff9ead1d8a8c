begin;
select plan(4);

select ok(has_function_privilege('switchboard_admin', 'switchboard.set_endpoint_admission(uuid, integer, integer)', 'execute'),
          'the operator (switchboard_admin) sets budgets');
select ok(not has_function_privilege('switchboard_agent', 'switchboard.set_endpoint_admission(uuid, integer, integer)', 'execute'),
          'an agent cannot');
select ok(not has_function_privilege('switchboard_board', 'switchboard.set_endpoint_admission(uuid, integer, integer)', 'execute'),
          'nor the Board (an owner cannot lift its own budget)');
select ok(not has_function_privilege('switchboard_server', 'switchboard_internal.admit_claim(uuid)', 'execute'),
          'the charge is internal');

select * from finish();
rollback;
