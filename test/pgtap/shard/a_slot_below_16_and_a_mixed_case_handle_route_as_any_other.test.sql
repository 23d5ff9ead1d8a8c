-- Every slot routes alike: an owner whose handle hashes to a slot below 16 gets the slot in two hex digits on its
-- secrets (a router reads exactly two), and a handle is hashed lower-cased, so `Alice` and `alice` are one slot.
begin;
select plan(4);

insert into switchboard.settings (key, value) values ('shard_partitions', '2'), ('shard_partition', '1');
select h as handle, hashtext(lower(h)) & 255 as slot
  from (select 'lowslot' || g as h from generate_series(1, 5000) g) x
 where hashtext(lower(h)) & 255 < 16 and hashtext(lower(h)) & 1 = 1 limit 1 \gset
select (switchboard.add_owner(:'handle'))->>'owner_id' as o \gset
select switchboard.vend_endpoint(:'o'::uuid, 'bot') as v \gset
select matches((:'v'::jsonb)->>'credential', '^sbk_s0' || to_hex(:slot) || '_[0-9a-f]{64}$',
               'a slot below 16 is written with two hex digits on a credential');
select matches((switchboard.owner_login_token(:'handle'))->>'login_token', '^sbl_s0' || to_hex(:slot) || '_',
               'and on a sign-in link');

-- A mixed-case handle whose own hash would land on another slot (and partition) than its lower-cased one.
select h as mixed, hashtext(lower(h)) & 255 as mslot
  from (select 'MixedCase' || g as h from generate_series(1, 5000) g) x
 where hashtext(lower(h)) & 1 = 1 and hashtext(h) & 1 = 0 limit 1 \gset
select lives_ok(format('select switchboard.add_owner(%L)', :'mixed'), 'a mixed-case handle of this partition is added here');
select is(get_byte(uuid_send((select o.id from switchboard.owners o where o.handle = :'mixed')), 0), :mslot,
          'on the slot of its lower-cased handle');

select * from finish();
rollback;
