-- What a doorbell ring carries, as any login that LISTENs reads it: no endpoint id, no owner id, no queue name; only
-- tags that stay the same for one endpoint and queue and differ between them, a stamp of the transaction, and a MAC
-- that pgcrypto's HMAC-SHA256 under the signal key confirms (and that fails for another channel or another stamp).
begin;
select plan(9);

select test.endpoint() as ep \gset
select test.endpoint() as other \gset
select switchboard_internal.signal_payload('switchboard_doorbell', array['endpoint:' || :'ep', 'queue:' || :'ep' || ':payroll-eu']) as ring \gset
select switchboard_internal.signal_payload('switchboard_doorbell', array['endpoint:' || :'ep', 'queue:' || :'ep' || ':payroll-eu']) as again \gset
select switchboard_internal.signal_payload('switchboard_doorbell', array['endpoint:' || :'other', 'queue:' || :'other' || ':payroll-eu']) as theirs \gset

-- HMAC-SHA256 under the signal key, first 16 bytes in hex, by pgcrypto.
create function pg_temp.mac(message text) returns text language sql as $$
  select encode(substring(test.hmac(convert_to(message, 'UTF8'), k.key, 'sha256') from 1 for 16), 'hex')
    from switchboard_internal.signal_key k
$$;
create function pg_temp.part(payload text, n integer) returns text language sql as $$
  select (string_to_array(payload, '.'))[n]
$$;

select ok(position(:'ep' in :'ring'::text) = 0 and position(test.owner_of(:'ep')::text in :'ring'::text) = 0
          and position('payroll' in :'ring'::text) = 0, 'the ring names no endpoint id, owner id or queue name');
select matches(:'ring'::text, '^[0-9a-f]{32}\.[0-9a-f]{32}\.[0-9]{13}\.[0-9]+\.[0-9a-f]{32}$', 'two tags, a stamp and a MAC');
select is(pg_temp.part(:'ring', 1), pg_temp.mac('tag:endpoint:' || :'ep'), 'the endpoint''s tag is HMAC(''tag:endpoint:<id>'')');
select is(pg_temp.part(:'ring', 2), pg_temp.mac('tag:queue:' || :'ep' || ':payroll-eu'), 'the queue''s tag HMAC(''tag:queue:<id>:<queue>'')');
select is(:'again'::text, :'ring'::text, 'one transaction rings one payload for one endpoint and queue (Postgres folds them)');
select isnt(pg_temp.part(:'theirs', 1), pg_temp.part(:'ring', 1), 'another endpoint has another tag, for a queue of the same name too');
select is(pg_temp.part(:'ring', 5),
          pg_temp.mac('switchboard_doorbell:' || array_to_string((string_to_array(:'ring', '.'))[1:4], '.')),
          'the MAC is HMAC(''<channel>:<tags and stamp>'') under the signal key');
select isnt(pg_temp.part(:'ring', 5),
            pg_temp.mac('switchboard_credentials_refused:' || array_to_string((string_to_array(:'ring', '.'))[1:4], '.')),
            'so it does not hold on another channel');
select is(pg_temp.part(:'ring', 4), pg_current_xact_id()::text, 'the stamp names this transaction');

select * from finish();
rollback;
