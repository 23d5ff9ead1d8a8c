-- Run against the proxy database. A server on the proxy LISTENs on every shard and acts on a signal only when its tag
-- and MAC verify under the key it reads from the proxy (switchboard_agent.signal_key): shard init gives every shard
-- that key's HMAC blocks (switchboard_shard.use_signal_key). A signal each shard signs (signal_payload, read over
-- dblink as the superuser) verifies with HMAC-SHA256 under the proxy's key, computed here by pgcrypto.
begin;
select plan(4);
create extension if not exists dblink;
create extension if not exists pgcrypto;

select key as signal_key from switchboard_proxy.keys where name = 'signal' \gset
create temporary table signed on commit drop as
  select h.partition, s.payload
    from generate_series(0, 1) p, switchboard_proxy.health(p) h,
         dblink(format('host=%s port=%s user=postgres dbname=%s', coalesce(host(inet_server_addr()), 'localhost'),
                       inet_server_port(), h.db),
                $q$select switchboard_internal.signal_payload('switchboard_doorbell', array['endpoint:e1'])$q$) s(payload text);

select is((select string_agg(split_part(payload, '.', 1), ',' order by partition) from signed),
          (select string_agg(encode(substring(hmac(convert_to('tag:endpoint:e1', 'UTF8'), :'signal_key'::bytea, 'sha256') from 1 for 16), 'hex'), ',')
             from generate_series(0, 1)),
          'each shard tags a subject with the proxy''s key');
select is((select string_agg(split_part(payload, '.', 4), ',' order by partition) from signed),
          (select string_agg(encode(substring(hmac(convert_to('switchboard_doorbell:' || split_part(payload, '.', 1) || '.'
                                                              || split_part(payload, '.', 2) || '.' || split_part(payload, '.', 3), 'UTF8'),
                                                   :'signal_key'::bytea, 'sha256') from 1 for 16), 'hex'), ',' order by partition)
             from signed),
          'and MACs the signal with it');
select is((select count(*) from signed), 2::bigint, 'both shards answered');
select is(length(:'signal_key'::bytea), 32, 'the key is 32 bytes (one HMAC block with the zeros the shard pads it with)');

select * from finish();
rollback;
