-- list_queue_controls (the CLI's `queue list`): an owner sees the controls of its personal queues and of the teams it
-- is a member of (an admin or not), each with its team, by queue; never another owner's personal queue of the same
-- name, nor a team it is not in; none at all is an empty list.
begin;
select plan(6);

select test.team() as t \gset
select ((:'t'::jsonb) ->> 'admin')::uuid as admin, ((:'t'::jsonb) ->> 'member')::uuid as member,
       ((:'t'::jsonb) ->> 'outsider')::uuid as outsider, ((:'t'::jsonb) ->> 'other')::uuid as other,
       ((:'t'::jsonb) ->> 'team')::uuid as team, ((:'t'::jsonb) ->> 'team2')::uuid as team2 \gset

select switchboard.pause_queue(:'admin', 'deploy') \gset
select switchboard.set_queue_limits(:'admin', 'tq', max_claimed => 2, team_id => :'team') \gset
select switchboard.set_queue_limits(:'member', 'deploy', claims_per_minute => 30) \gset
select switchboard.pause_queue(:'outsider', 'deploy') \gset
select switchboard.pause_queue(:'other', 'tq', team_id => :'team2') \gset

select is(switchboard.list_queue_controls(:'admin'),
          jsonb_build_object('controls', jsonb_build_array(
            jsonb_build_object('queue', 'deploy', 'team_id', null, 'paused', true, 'max_claimed', null, 'claims_per_minute', null),
            jsonb_build_object('queue', 'tq', 'team_id', :'team', 'paused', false, 'max_claimed', 2, 'claims_per_minute', null))),
          'the admin: its personal deploy and its team''s tq, by queue');
select is(switchboard.list_queue_controls(:'member'),
          jsonb_build_object('controls', jsonb_build_array(
            jsonb_build_object('queue', 'deploy', 'team_id', null, 'paused', false, 'max_claimed', null, 'claims_per_minute', 30),
            jsonb_build_object('queue', 'tq', 'team_id', :'team', 'paused', false, 'max_claimed', 2, 'claims_per_minute', null))),
          'a member who is not an admin: its own deploy, and the team''s tq it sees');
select is(switchboard.list_queue_controls(:'outsider')->'controls'->0->>'paused', 'true', 'an outsider: its own deploy');
select is(jsonb_array_length(switchboard.list_queue_controls(:'outsider')->'controls'), 1, 'and nothing of the team''s');
select is(switchboard.list_queue_controls((switchboard.add_owner('nobody-yet')->>'owner_id')::uuid), '{"controls": []}'::jsonb,
          'an owner with no controls: an empty list');

-- One name, a personal control and a team's: the personal one first, whatever the ids (a team whose id sorts first).
select switchboard.add_owner('lqc-owner')->>'owner_id' as lo \gset
create temp table lqc_team as select null::uuid as id;
do $$
declare v_o uuid := (select id from switchboard.owners where handle = 'lqc-owner'); v_t uuid;
begin
  for i in 1..40 loop
    v_t := (switchboard.add_team('lqc team ' || i, v_o)->>'id')::uuid;
    exit when v_t < v_o;
  end loop;
  update lqc_team set id = v_t;
end $$;
select id as lt from lqc_team \gset
select switchboard.pause_queue(:'lo', 'same', team_id => :'lt') \gset
select switchboard.pause_queue(:'lo', 'same') \gset
select is((select jsonb_agg(x->>'team_id') from jsonb_array_elements(switchboard.list_queue_controls(:'lo')->'controls') x
            where x->>'queue' = 'same'),
          jsonb_build_array(null, :'lt'), 'one queue name: the personal control, then the team''s');

select * from finish();
rollback;
