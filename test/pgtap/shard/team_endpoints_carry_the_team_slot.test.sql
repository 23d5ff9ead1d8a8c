begin;
select plan(3);

-- Partition 1 of 2: two owners of this partition whose slots differ.
insert into switchboard.settings (key, value) values ('shard_partitions', '2'), ('shard_partition', '1');
select (select 'lead' || g from generate_series(1, 99) g where hashtext('lead' || g) & 1 = 1 limit 1) as lead \gset
select (select 'mate' || g from generate_series(1, 99) g
         where hashtext('mate' || g) & 1 = 1 and hashtext('mate' || g) & 255 <> hashtext(lower(:'lead')) & 255 limit 1) as mate \gset
select (switchboard.add_owner(:'lead'))->>'owner_id' as lead_id \gset
select (switchboard.add_owner(:'mate'))->>'owner_id' as mate_id \gset
select (switchboard.add_team('crew', :'lead_id'::uuid))->>'id' as team \gset
select switchboard.add_team_member(:'team'::uuid, :'mate_id'::uuid, 'admin');

select switchboard.vend_endpoint(:'mate_id'::uuid, 'crew-bot', null, :'team'::uuid) as v \gset
select is(get_byte(uuid_send(((:'v'::jsonb)->>'endpoint_id')::uuid), 0), get_byte(uuid_send(:'team'::uuid), 0),
          'a team endpoint vended by a second admin carries the team''s slot, not the vender''s');
select matches((:'v'::jsonb)->>'credential', '^sbk_s' || lpad(to_hex(get_byte(uuid_send(:'team'::uuid), 0)), 2, '0') || '_',
               'and so does its credential');
select matches((switchboard.rotate_credential(:'mate_id'::uuid, ((:'v'::jsonb)->>'endpoint_id')::uuid))->>'credential',
               '^sbk_s' || lpad(to_hex(get_byte(uuid_send(:'team'::uuid), 0)), 2, '0') || '_',
               'a rotation keeps the endpoint''s slot');

select * from finish();
rollback;
