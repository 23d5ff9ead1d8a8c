begin;
select plan(7);

select test.endpoint() as mine \gset
select test.endpoint() as other \gset
select (switchboard.add_todo(:'mine'::uuid, 'q') ->> 'id') as td \gset
select (switchboard.a2a_send(:'other'::uuid, 'm', null, '{}', 'q') -> 'task' ->> 'id') as sent \gset
select a2a_wake_key as my_key from switchboard.endpoints where id = :'mine'::uuid \gset
select a2a_wake_key as other_key from switchboard.endpoints where id = :'other'::uuid \gset

select is((select a2a_wake_key from switchboard.todos where id = :'td'::uuid), null, 'a todo filed over MCP has no wake key');
select is(switchboard.a2a_follow(:'mine'::uuid, :'td'::uuid) ->> 'wake_key', :'my_key', 'its first follower gives it its own key');
select is((select a2a_wake_key from switchboard.todos where id = :'td'::uuid), :'my_key', 'kept on the todo, so its transitions wake');
select is(switchboard.a2a_follow(:'mine'::uuid, :'td'::uuid) ->> 'wake_key', :'my_key', 'a second follow answers the same key');
select is(switchboard.a2a_follow(:'other'::uuid, :'sent'::uuid) ->> 'wake_key', :'other_key',
          'a todo filed over A2A keeps its filer''s key');
select is((test.error_of(format('select switchboard.a2a_follow(%L::uuid, %L::uuid)', :'other', :'td')))->>'sqlstate', 'SB404',
          'another tenant''s todo is not_found');
select is((select a2a_wake_key from switchboard.todos where id = :'td'::uuid), :'my_key', 'and the refused follow changed nothing');

select * from finish();
rollback;
