// Least privilege: the server's pool runs as switchboard_server, which reads and writes no table and holds no admin
// API, yet runs the agent's and the Board's entry points;
// every SECURITY DEFINER function pins search_path; objects another role plants in public hijack nothing.
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { ADMIN_ROLE, assertNotAdmin, createPool, SERVER_ROLE } from '../../src/db.js';
import { createAdminLedger, createLedger } from '../../src/ledger.js';
import { createLogger } from '../../src/log.js';
import { startServer } from '../../src/server.js';
import { freshDatabase } from '../helpers/db.js';
import { call, httpClient } from '../mcp/helpers.js';

t.test('the server pool is switchboard_server: no table privilege, no admin API, the agent entry points work', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const pool = createPool(db.url, { max: 2 });
  t.teardown(() => pool.end({ timeout: 5 }));
  const [who] = await pool`select current_user as u`;
  t.equal(who.u, SERVER_ROLE, 'every session of the pool runs as switchboard_server');

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
  const denied = await pool`select switchboard.add_owner(handle => 'x') as doc`.then(
    () => null,
    (e: { code?: string }) => e.code,
  );
  t.equal(denied, '42501', 'the admin API (switchboard.add_owner) is permission denied');
  await t.resolves(assertNotAdmin(pool), 'serve would accept this pool');
  const err = await pool`reset role`.then(async () => (await pool`select current_user as u`)[0].u);
  t.equal(err, SERVER_ROLE, 'RESET ROLE stays switchboard_server (the role is the session default)');

  const admin = createAdminLedger(db.sql);
  const owner = (await admin.addOwner('lp')) as { owner_id: string };
  const ep = (await admin.vendEndpoint({ owner_id: owner.owner_id, agent_id: 'a1' })) as { credential: string };
  const ledger = createLedger(pool);
  const todo = await ledger.addTodo({ credential: ep.credential, queue: 'builds', payload: { n: 1 } });
  const claimed = await ledger.claimNext({ credential: ep.credential, queue: 'builds' });
  t.equal(claimed.id, todo.id, 'the agent entry points run as switchboard_server');
  const refused = await ledger.listTodos({ credential: 'sb_forged' }).then(
    () => null,
    (e: { code?: string }) => e.code,
  );
  t.equal(refused, 'SB403', 'and without a live credential they are forbidden');
});

t.test('switchboard serve (no pool given) runs the MCP API as switchboard_server, never admin', async (t) => {
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
  t.equal(who.u, SERVER_ROLE);
  const denied = await server.ctx.sql`select switchboard.add_owner(handle => 'mallory') as doc`.then(
    () => null,
    (e: { code?: string }) => e.code,
  );
  t.equal(denied, '42501', "the server's own connection is refused switchboard.add_owner");
  const client = await httpClient(server.url, e.doc.credential);
  t.teardown(() => client.close());
  const added = await call(client, 'add_todo', { queue: 'builds' });
  t.equal(added.isError, false);
  const claimed = await call(client, 'claim_next', { queue: 'builds' });
  t.equal(claimed.doc.id, added.doc.id, 'add_todo and claim_next work over HTTP');
});

t.test('serve refuses a database login that holds the admin API', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const dba = `lp_dba_${db.name.slice(-6)}`;
  await db.sql.unsafe(`create role ${dba} login in role switchboard_admin`);
  t.teardown(() => db.sql.unsafe(`drop role if exists ${dba}`));
  const url = db.url.replace('postgres@', `${dba}@`);
  await t.rejects(
    startServer({ config: loadConfig({ DATABASE_URL: url }), log: createLogger({ level: 'silent' }), port: 0 }),
    { message: /can run the admin API .*switchboard_server \(switchboard_agent, switchboard_board and switchboard_metrics\)/ },
    'startServer throws, naming the roles serve should run with',
  );
});

t.test("serve refuses a request login that holds the worker's role, and accepts one that may take switchboard_server beside it", async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const old = `lp_old_${db.name.slice(-6)}`;
  const split = `lp_split_${db.name.slice(-6)}`;
  // The grants an earlier README showed: the surface roles and the worker's, directly.
  await db.sql.unsafe(`create role ${old} login in role switchboard_agent, switchboard_board, switchboard_worker`);
  await db.sql.unsafe(`create role ${split} login in role switchboard_server, switchboard_worker`);
  t.teardown(() => db.sql.unsafe(`drop role if exists ${old}; drop role if exists ${split}`));
  const log = createLogger({ level: 'silent' });
  await t.rejects(
    startServer({ config: loadConfig({ DATABASE_URL: db.url.replace('postgres@', `${old}@`) }), log, port: 0 }),
    { message: /request pool can run the worker's functions .*Grant switchboard_server to this login/ },
    "a login whose requests would run with the worker's functions is refused, saying what to grant",
  );
  const server = await startServer({ config: loadConfig({ DATABASE_URL: db.url.replace('postgres@', `${split}@`) }), log, port: 0 });
  t.teardown(() => server.stop(1000));
  const [r] = await server.ctx.sql`select current_user as u,
      (select has_schema_privilege(p.pronamespace, 'USAGE') and has_function_privilege(p.oid, 'EXECUTE')
         from pg_proc p where p.pronamespace = 'switchboard_worker'::regnamespace and p.proname = 'reap') as reap`;
  t.same(r, { u: SERVER_ROLE, reap: false }, 'a login holding switchboard_server and switchboard_worker serves requests as switchboard_server only');
});

t.test('every SECURITY DEFINER function pins search_path to switchboard, pg_temp', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const rows = await db.sql<{ f: string; cfg: string[] | null }[]>`
    select p.oid::regprocedure::text as f, p.proconfig as cfg from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace where n.nspname like 'switchboard%' and p.prosecdef order by 1`;
  t.ok(rows.length >= 30, `${rows.length} SECURITY DEFINER functions`);
  for (const r of rows) t.ok((r.cfg ?? []).includes('search_path=switchboard, pg_temp'), `${r.f} pins search_path`);
  const [{ n }] = await db.sql`
    select count(*)::int as n from pg_proc p join pg_namespace s on s.oid = p.pronamespace
    where s.nspname = 'switchboard_internal' and has_function_privilege(${SERVER_ROLE}, p.oid, 'execute')`;
  t.equal(n, 0, 'no internal function is executable by switchboard_server');
});

t.test('objects another role plants in public hijack no function call', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const mallory = `h6_mallory_${db.name.slice(-6)}`;
  await db.sql.unsafe(`create role ${mallory} login`);
  t.teardown(() => db.sql.unsafe(`drop owned by ${mallory}; drop role ${mallory}`));
  await db.sql.unsafe(`grant create, usage on schema public to ${mallory}, ${SERVER_ROLE}`);
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

  const adminPool = createPool(db.url, { max: 1, role: ADMIN_ROLE });
  t.teardown(() => adminPool.end({ timeout: 5 }));
  await adminPool`set search_path = public, pg_catalog, switchboard`;
  const admin = createAdminLedger(adminPool);
  const owner = (await admin.addOwner('victim')) as { owner_id: string };
  const ep = (await admin.vendEndpoint({ owner_id: owner.owner_id, agent_id: 'a1' })) as {
    endpoint_id: string;
    credential: string;
  };
  const ledger = createLedger(app);
  t.equal(((await ledger.authenticate(ep.credential)) as { endpoint_id: string }).endpoint_id, ep.endpoint_id);
  const todo = await ledger.addTodo({ credential: ep.credential, queue: 'builds', title: 'x', payload: { a: 1 } });
  const claim = await ledger.claimNext({ credential: ep.credential, queue: 'builds', require_fence: true });
  t.equal(claim.id, todo.id);
  await ledger.heartbeat({ credential: ep.credential, todo_id: String(todo.id), lease_token: String(claim.lease_token) });
  const done = await ledger.complete({
    credential: ep.credential,
    todo_id: String(todo.id),
    lease_token: String(claim.lease_token),
    result: { ok: true },
    summary: 's',
    artifact: 'mcp://cairn/x',
  });
  t.equal(done.state, 'done', 'the whole lifecycle ran with every trap in place');
  const detail = await ledger.getTodo({ credential: ep.credential, todo_id: String(todo.id) });
  t.equal((detail.attempts as unknown[]).length, 1);
  const list = await ledger.listTodos({ credential: ep.credential });
  t.equal((list.todos as unknown[]).length, 1);
  const [{ n }] = await db.sql`select count(*)::int as n from public.todos`;
  t.equal(n, 0, "the planted public.todos was never written to");
});
