begin;
select plan(9);

-- Partition 1 of 2: a handle whose hash is odd lands here, its slot = hashtext(lower(handle)) & 255.
insert into switchboard.settings (key, value) values ('shard_partitions', '2'), ('shard_partition', '1');
select h as handle, hashtext(lower(h)) & 255 as slot
  from (select 'shardling' || g as h from generate_series(1, 50) g) x
 where hashtext(lower(h)) & 1 = 1 limit 1 \gset

select (switchboard.add_owner(:'handle'))->>'owner_id' as o \gset
select is(get_byte(uuid_send(:'o'::uuid), 0), :slot, 'the owner id''s first byte is its handle''s slot');
select switchboard.vend_endpoint(:'o'::uuid, 'bot') as v \gset
select is(get_byte(uuid_send(((:'v'::jsonb)->>'endpoint_id')::uuid), 0), :slot, 'its endpoint id carries the owner''s slot');
select matches((:'v'::jsonb)->>'credential', '^sbk_s' || lpad(to_hex(:slot), 2, '0') || '_',
            'its credential carries the slot as a public prefix');
select ok((:'v'::jsonb)->>'credential' ~ '^sbk_s[0-9a-f]{2}_[0-9a-f]{64}$', 'and 32 random bytes after it');
select is((switchboard.authenticate((:'v'::jsonb)->>'credential'))->>'endpoint_id', (:'v'::jsonb)->>'endpoint_id',
          'the prefixed credential authenticates its endpoint');
select is(get_byte(uuid_send(((switchboard.add_team('crew', :'o'::uuid))->>'id')::uuid), 0), :slot,
          'a team takes its first admin''s slot');
select (switchboard.owner_login_token(:'handle'))->>'login_token' as tok \gset
select matches(:'tok'::text, '^sbl_s' || lpad(to_hex(:slot), 2, '0') || '_', 'a sign-in link carries the owner''s slot');
select matches((switchboard.owner_sign_in(:'tok'))->>'session_secret', '^sbs_s' || lpad(to_hex(:slot), 2, '0') || '_',
            'so does the Board session it opens');
select matches((switchboard.rotate_credential(:'o'::uuid, ((:'v'::jsonb)->>'endpoint_id')::uuid))->>'credential',
            '^sbk_s' || lpad(to_hex(:slot), 2, '0') || '_', 'a rotated credential keeps the prefix');

select * from finish();
rollback;
