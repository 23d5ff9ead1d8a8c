begin;
select plan(3);

-- Todo ids are UUIDs laid out as version 7 (48-bit Unix milliseconds first), so a queue's index entries stay close
-- together; clients still see an ordinary RFC 4122 UUID.
select test.endpoint() as ep \gset
select test.todo(:'ep') as first \gset
select pg_sleep(0.005);
select test.todo(:'ep') as second \gset

select matches(:'first'::text, '^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$',
               'a todo id is a version 7, RFC 4122 variant UUID');
select cmp_ok(:'first'::uuid, '<', :'second'::uuid, 'a todo added later has a greater id');
select ok(('x' || substr(replace(:'second', '-', ''), 1, 12))::bit(48)::bigint
            between floor(extract(epoch from now()) * 1000)::bigint and ceil(extract(epoch from clock_timestamp()) * 1000)::bigint,
          'its first 48 bits are the Unix time in milliseconds');

select * from finish();
rollback;
