// Least privilege: the server's pool runs as switchboard_app, which reads and writes no table yet runs the API;
// every SECURITY DEFINER function pins search_path; objects another role plants in public hijack nothing.
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { APP_ROLE, createPool } from '../../src/db.js';
import { createLedger } from '../../src/ledger.js';
import { createLogger } from '../../src/log.js';
import { startServer } from '../../src/server.js';
import { freshDatabase } from '../helpers/db.js';
import { call, httpClient } from '../mcp/helpers.js';

t.test('the server pool is switchboard_app: no table privilege at all, the API works', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const pool = createPool(db.url, { max: 2 });
  t.teardown(() => pool.end({ timeout: 5 }));
  const [who] = await pool`select current_user as u`;
  t.equal(who.u, APP_ROLE, 'every session of the pool runs as switchboard_app');

  const tables = await db.sql<{ t: string; col: string }[]>`
      select format('%I.%I', n.nspname, c.relname) as t,
             (select quote_ident(attname) from pg_attribute where attrelid = c.oid and attnum = 1) as col
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'switchboard' and c.relkind in ('r', 'p', 'v', 'm') order by 1`;
  t.ok(tables.length >= 8, `${tables.length} tables in schema switchboard`);
  for (const { t: table, col } of tables) {
    for (const [verb, q] of [
      ['SELECT', `select * from ${table} limit 1`],
      ['INSERT', `insert into ${table} default values`],
      ['UPDATE', `update ${table} set ${col} = ${col} where false`],
      ['DELETE', `delete from ${table} where false`],
    ]) {
      const err = await pool.unsafe(q).then(
        () => null,
        (e: { code?: string }) => e,
      );
      t.equal(err?.code, '42501', `${verb} on ${table} is permission denied`);
    }
  }
  const [{ n }] = await db.sql`
    select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
    where s.nspname = 'switchboard' and c.relkind in ('r','p','v','m','S')
      and (has_table_privilege(${APP_ROLE}, c.oid, 'SELECT,INSERT,UPDATE,DELETE,TRUNCATE,REFERENCES,TRIGGER'))`;
  t.equal(n, 0, 'switchboard_app holds no privilege on any table, view or sequence');
  const [{ c }] = await db.sql`select has_schema_privilege(${APP_ROLE}, 'switchboard', 'CREATE') as c`;
  t.equal(c, false, 'switchboard_app cannot create objects in schema switchboard');
  const err = await pool`reset role`.then(async () => (await pool`select current_user as u`)[0].u);
  t.equal(err, APP_ROLE, 'RESET ROLE stays switchboard_app (the role is the session default)');

  const ledger = createLedger(pool);
  const owner = (await ledger.addOwner('lp')) as { owner_id: string };
  const ep = (await ledger.vendEndpoint({ owner_id: owner.owner_id, agent_id: 'a1' })) as { endpoint_id: string };
  const todo = await ledger.addTodo({ endpoint_id: ep.endpoint_id, queue: 'builds', payload: { n: 1 } });
  const claimed = await ledger.claimNext({ endpoint_id: ep.endpoint_id, queue: 'builds' });
  t.equal(claimed.id, todo.id, 'the API runs as switchboard_app');
});

t.test('switchboard serve (no pool given) runs the MCP API as switchboard_app', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const [o] = await db.sql`select switchboard.add_owner('lp') as doc`;
  const [e] = await db.sql`select switchboard.vend_endpoint(${o.doc.owner_id}::uuid, 'a1') as doc`;
  const server = await startServer({
    config: loadConfig({ DATABASE_URL: db.url }),
    log: createLogger({ level: 'silent' }),
    port: 0,
  });
  t.teardown(() => server.stop(1000));
  const [who] = await server.ctx.sql`select current_user as u`;
  t.equal(who.u, APP_ROLE);
  const client = await httpClient(server.url, e.doc.credential);
  t.teardown(() => client.close());
  const added = await call(client, 'add_todo', { queue: 'builds' });
  t.equal(added.isError, false);
  const claimed = await call(client, 'claim_next', { queue: 'builds' });
  t.equal(claimed.doc.id, added.doc.id, 'add_todo and claim_next work over HTTP');
});

t.test('every SECURITY DEFINER function pins search_path to switchboard, pg_temp', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const rows = await db.sql<{ f: string; cfg: string[] | null }[]>`
    select p.oid::regprocedure::text as f, p.proconfig as cfg from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'switchboard' and p.prosecdef order by 1`;
  t.ok(rows.length >= 30, `${rows.length} SECURITY DEFINER functions`);
  for (const r of rows) t.ok((r.cfg ?? []).includes('search_path=switchboard, pg_temp'), `${r.f} pins search_path`);
  const [{ n }] = await db.sql`
    select count(*)::int as n from pg_proc p join pg_namespace s on s.oid = p.pronamespace
    where s.nspname = 'switchboard' and p.proname ~ '^_' and has_function_privilege(${APP_ROLE}, p.oid, 'execute')`;
  t.equal(n, 0, 'no _helper is executable by switchboard_app');
});

t.test('objects another role plants in public hijack no function call', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const mallory = `h6_mallory_${db.name.slice(-6)}`;
  await db.sql.unsafe(`create role ${mallory} login`);
  t.teardown(() => db.sql.unsafe(`drop owned by ${mallory}; drop role ${mallory}`));
  await db.sql.unsafe(`grant create, usage on schema public to ${mallory}, ${APP_ROLE}`);
  const m = (await import('postgres')).default(db.url.replace('postgres@', `${mallory}@`), { max: 1, onnotice: () => {} });
  t.teardown(() => m.end({ timeout: 5 }));
  const [{ u }] = await m`select current_user as u`;
  t.equal(u, mallory);
  // Every trap raises: if any of them runs inside a switchboard function, that call fails.
  await m.unsafe(`
    create function public.now() returns timestamptz language plpgsql as $$ begin raise exception 'hijacked now()'; end $$;
    create function public.gen_random_uuid() returns uuid language plpgsql as $$ begin raise exception 'hijacked uuid'; end $$;
    create function public.digest(text, text) returns bytea language plpgsql as $$ begin raise exception 'hijacked digest'; end $$;
    create function public.sha256(bytea) returns bytea language plpgsql as $$ begin raise exception 'hijacked sha256'; end $$;
    create function public.length(text) returns integer language plpgsql as $$ begin raise exception 'hijacked length'; end $$;
    create function public.octet_length(text) returns integer language plpgsql as $$ begin raise exception 'hijacked octet_length'; end $$;
    create function public.jsonb_typeof(jsonb) returns text language plpgsql as $$ begin raise exception 'hijacked jsonb_typeof'; end $$;
    create function public.evil_eq(uuid, uuid) returns boolean language plpgsql as $$ begin raise exception 'hijacked ='; end $$;
    create operator public.= (leftarg = uuid, rightarg = uuid, function = public.evil_eq);
    create function public.evil_teq(text, text) returns boolean language plpgsql as $$ begin raise exception 'hijacked text ='; end $$;
    create operator public.= (leftarg = text, rightarg = text, function = public.evil_teq);
    create table public.todos (id uuid, state text);
    create table public.todo_attempts (todo_id uuid);
    create table public.endpoints (endpoint_id uuid);
    create table public.settings (key text, value text);
    grant all on all tables in schema public to public;
    grant execute on all functions in schema public to public;
  `);
  const cannot = await m.unsafe(`create table switchboard.evil (x int)`).then(
    () => null,
    (e: { code?: string }) => e.code,
  );
  t.equal(cannot, '42501', 'another role cannot create objects in schema switchboard');

  const app = createPool(db.url, { max: 1 });
  t.teardown(() => app.end({ timeout: 5 }));
  await app`set search_path = public, pg_catalog, switchboard`;
  const trap = await app`select public.now() as x`.then(
    () => 'ran',
    (e: Error) => e.message,
  );
  t.equal(trap, 'hijacked now()', 'the traps are live for a caller whose search_path puts public first');

  const ledger = createLedger(app);
  const owner = (await ledger.addOwner('victim')) as { owner_id: string };
  const ep = (await ledger.vendEndpoint({ owner_id: owner.owner_id, agent_id: 'a1' })) as {
    endpoint_id: string;
    credential: string;
  };
  t.equal(((await ledger.authenticate(ep.credential)) as { endpoint_id: string }).endpoint_id, ep.endpoint_id);
  const todo = await ledger.addTodo({ endpoint_id: ep.endpoint_id, queue: 'builds', title: 'x', payload: { a: 1 } });
  const claim = await ledger.claimNext({ endpoint_id: ep.endpoint_id, queue: 'builds', require_fence: true });
  t.equal(claim.id, todo.id);
  await ledger.heartbeat({ endpoint_id: ep.endpoint_id, todo_id: String(todo.id), lease_token: String(claim.lease_token) });
  const done = await ledger.complete({
    endpoint_id: ep.endpoint_id,
    todo_id: String(todo.id),
    lease_token: String(claim.lease_token),
    result: { ok: true },
    summary: 's',
    artifact: 'mcp://cairn/x',
  });
  t.equal(done.state, 'done', 'the whole lifecycle ran with every trap in place');
  const detail = await ledger.getTodo({ endpoint_id: ep.endpoint_id, todo_id: String(todo.id) });
  t.equal((detail.attempts as unknown[]).length, 1);
  const list = await ledger.listTodos({ endpoint_id: ep.endpoint_id });
  t.equal((list.todos as unknown[]).length, 1);
  const [{ n }] = await db.sql`select count(*)::int as n from public.todos`;
  t.equal(n, 0, "the planted public.todos was never written to");
});
