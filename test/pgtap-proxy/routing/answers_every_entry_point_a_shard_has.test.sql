-- Run against the proxy database. The proxy answers every entry point of a shard's surfaces that has a routing key
-- (or is fanned out), under the same schema, name and arguments: one generated per signature, none skipped because a
-- function of the same name exists in another schema (the agent's and the admin API's share many names). Sets and
-- functions with no key are not routed (shard init says so), and the proxy's own (mcp_session_key, signal_key) stay.
begin;
select plan(2);
create extension if not exists dblink;

select h.db as shard0 from switchboard_proxy.health(0) h \gset
create temporary table on_shard on commit drop as
  select * from dblink(format('host=%s port=%s user=postgres dbname=%s', coalesce(host(inet_server_addr()), 'localhost'),
                              inet_server_port(), :'shard0'), $q$
    select n.nspname::text, p.proname::text, pg_get_function_identity_arguments(p.oid)
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('switchboard_agent', 'switchboard_board', 'switchboard_metrics', 'switchboard')
       and not p.proretset
       and (p.proargnames && array['credential', 'session_secret', 'login_token', 'owner_id', 'admin_owner_id',
                                   'endpoint_id', 'team_id', 'handle']
            or n.nspname || '.' || p.proname in ('switchboard.reap', 'switchboard.prune', 'switchboard.requeue_due_retries', 'switchboard.ring_due_todos',
                                                 'switchboard.metrics', 'switchboard_metrics.metrics', 'switchboard.contract'))$q$)
    as x(schema text, name text, args text);

select cmp_ok((select count(*) from on_shard), '>', 50::bigint, 'the shard has its entry points');
select is(array(select s.schema || '.' || s.name || '(' || s.args || ')' from on_shard s
                 where not exists (select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                                    where n.nspname = s.schema and p.proname = s.name
                                      and pg_get_function_identity_arguments(p.oid) = s.args)
                 order by 1),
          '{}'::text[], 'the proxy has each of them with the same arguments');

select * from finish();
rollback;
