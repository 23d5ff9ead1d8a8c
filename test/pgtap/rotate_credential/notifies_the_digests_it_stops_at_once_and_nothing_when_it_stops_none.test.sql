-- rotate_credential tells the servers, on switchboard_credentials_refused, the digests of the credentials it stops at
-- once, so their caches forget them before the next request; a rotation that stops none sends nothing (an empty
-- notice would wake every server for no credential). A notice is sent only at commit, so a second session commits
-- the rotations and a third listens. Committed rows are deleted at the end.
begin;
select plan(2);

select dblink_connect('a', test.conninfo()) as a \gset
select dblink_connect('l', test.conninfo()) as l \gset
select dblink_exec('l', 'listen switchboard_credentials_refused') as listening \gset
select ep from dblink('a', 'select test.endpoint(handle => ''rotn-'' || md5(random()::text))::text') as x(ep text) \gset
select owner from dblink('a', format('select test.owner_of(%L)::text', :'ep')) as x(owner text) \gset
select first from dblink('a', format('select encode(credential_sha256, ''hex'') from switchboard.endpoints where id = %L', :'ep')) as x(first text) \gset

-- With an overlap, and no earlier credential in one: the replaced credential keeps working, nothing stops.
select r from dblink('a', format('select switchboard.rotate_credential(%L, %L, 60)::text', :'owner', :'ep')) as x(r text) \gset
select second from dblink('a', format('select encode(credential_sha256, ''hex'') from switchboard.endpoints where id = %L', :'ep')) as x(second text) \gset
-- Without one: the current credential and the one still in its overlap stop at once.
select r from dblink('a', format('select switchboard.rotate_credential(%L, %L, 0)::text', :'owner', :'ep')) as x(r text) \gset

select set_config('test.second', :'second', true) as s2 \gset
-- Notices arrive in commit order: once the second rotation's has arrived, any the first sent has too.
create temp table notices (payload text, n serial);
do $$ begin
  for i in 1..1000 loop
    insert into notices (payload)
      select extra from dblink_get_notify('l') where notify_name = 'switchboard_credentials_refused';
    exit when exists (select 1 from notices where payload like '%' || current_setting('test.second') || '%');
    perform pg_sleep(0.01);
  end loop;
end $$;

-- Another test's rotation names other digests; an empty notice, or one naming this endpoint's, is this test's.
select is(array(select payload from notices
                 where payload = '' or payload like '%' || :'first' || '%' or payload like '%' || :'second' || '%' order by n),
          array[:'second' || ',' || :'first'],
          'one notice: the rotation without an overlap, naming the current credential and the one in its overlap');
select is(:'r'::jsonb ->> 'previous_valid_until', null, 'which left no credential working beside the new one');

select dblink_exec('a', format($q$
  delete from switchboard.endpoints where id = %1$L;
  delete from switchboard.owners where id = %2$L$q$, :'ep', :'owner')) as deleted \gset
select dblink_disconnect('a') as da \gset
select dblink_disconnect('l') as dl \gset
select * from finish();
rollback;
