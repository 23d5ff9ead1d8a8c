-- Run against the proxy database (scripts/pgtap.sh builds it with two shards). The proxy routes a handle to the
-- shard of its lower-cased hash, exactly as the shard itself hashes it: a mixed-case handle is added on the shard that
-- owns it (not refused as another partition's), and a sign-in link asked for in any case finds it there.
-- Calls through PL/Proxy commit on the shards: every handle here is new.
begin;
select plan(4);

-- A mixed-case handle whose own hash and lower-cased hash fall on different partitions of two.
select h as mixed from (select 'Px' || substr(md5(random()::text), 1, 8) || g as h from generate_series(1, 5000) g) x
 where hashtext(lower(h)) & 1 <> hashtext(h) & 1 limit 1 \gset

select lives_ok(format('select switchboard.add_owner(%L)', :'mixed'), 'a mixed-case handle is added through the proxy');
select is(get_byte(uuid_send((select (switchboard.find_owner(:'mixed')->>'owner_id')::uuid)), 0),
          hashtext(lower(:'mixed')) & 255, 'on the slot of its lower-cased handle');
select matches(switchboard.owner_login_token(upper(:'mixed'))->>'login_token', '^sbl_s[0-9a-f]{2}_',
               'a sign-in link asked for in upper case finds it');
select throws_ok(format('select switchboard.add_owner(%L)', lower(:'mixed')), 'SB409', null,
                 'the same handle in lower case is the same owner: a conflict');

select * from finish();
rollback;
