// The failover run (`npm run chaos -- --failover`): a pg_auto_failover formation on this machine (a monitor, a primary
// and a synchronous standby, as the OS user postgres, in a temp dir, on ports 6100-6102 or CHAOS_FAILOVER_PORT..+2),
// `switchboard serve --no-worker` and `switchboard worker` on its multi-host URL, agents (MCP over HTTP) adding and
// completing todos; then `pg_autoctl perform failover` and a kill -9 of the primary's postmaster. Prints the
// acknowledged adds and completes lost, duplicated todos, seconds from each promotion to the first successful call,
// and the processes that exited; exits 1 when any of those is not 0. Needs Debian's postgresql-15-auto-failover and
// root (to run pg_autoctl as postgres); not part of CI.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import postgres from 'postgres';
import { migrateDatabase } from '../dist/migrate.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const BASE = Number(env.CHAOS_FAILOVER_PORT ?? 6100);
const AGENTS = Number(env.CHAOS_AGENTS ?? 6);
const SERVE_PORT = Number(env.CHAOS_SERVE_PORT ?? 7491);
const PG_BIN = env.CHAOS_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const KEEP = env.CHAOS_KEEP === '1';
const T0 = Date.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const say = (m) => console.log(`[failover ${((Date.now() - T0) / 1000).toFixed(1)}s] ${m}`);

const work = mkdtempSync(join(tmpdir(), 'sb-failover-'));
chmodSync(work, 0o777);
const asPostgres = ['-u', 'postgres', '--', 'env', `PATH=${PG_BIN}:${env.PATH}`, `XDG_CONFIG_HOME=${work}/cfg`, `XDG_DATA_HOME=${work}/data`];
const autoctl = (...args) => execFileSync('runuser', [...asPostgres, 'pg_autoctl', ...args], { encoding: 'utf8' });
const children = [];
function keeper(name, args) {
  const out = createWriteStream(join(work, `${name}.log`));
  const child = spawn('runuser', [...asPostgres, 'pg_autoctl', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  children.push(child);
  return child;
}
const monitorUri = `postgres://autoctl_node@127.0.0.1:${BASE}/pg_auto_failover?sslmode=disable`;
const nodes = [1, 2].map((i) => ({ name: `n${i}`, port: BASE + i, pgdata: join(work, `n${i}`) }));
const exits = [];
let serve;
let worker;

async function cleanup() {
  for (const c of [serve, worker]) if (c && c.exitCode === null) c.kill('SIGTERM');
  await sleep(1000);
  for (const n of [...nodes.map((x) => x.pgdata), join(work, 'monitor')]) {
    try {
      autoctl('stop', '--pgdata', n, '--immediate');
    } catch {
      // already stopped
    }
  }
  await sleep(1000);
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  if (!KEEP) rmSync(work, { recursive: true, force: true });
}

try {
  // --- the formation -----------------------------------------------------------------------------------------------
  keeper('monitor', ['create', 'monitor', '--pgdata', join(work, 'monitor'), '--pgport', String(BASE), '--auth', 'trust',
    '--no-ssl', '--hostname', '127.0.0.1', '--run']);
  await waitFor(() => pgOk(`postgres://postgres@127.0.0.1:${BASE}/pg_auto_failover`), 'the monitor', 60_000);
  for (const n of nodes) {
    keeper(n.name, ['create', 'postgres', '--pgdata', n.pgdata, '--pgport', String(n.port), '--auth', 'trust', '--no-ssl',
      '--hostname', '127.0.0.1', '--name', n.name, '--monitor', monitorUri, '--run']);
    await waitFor(() => stateIs(n.name, n === nodes[0] ? 'single' : 'secondary', n === nodes[0] ? 'primary' : null), `${n.name}`, 120_000);
  }
  await waitFor(() => stateIs(nodes[0].name, 'primary'), 'a primary with its secondary', 60_000);
  const uri = autoctl('show', 'uri', '--pgdata', join(work, 'monitor'), '--formation', 'default').trim();
  // The formation runs without TLS (--no-ssl): sslmode=disable, since node-postgres 8 takes `prefer` as verify-full.
  const dbUrl = uri.replace('postgres://', 'postgres://postgres@').replace('/postgres?', '/switchboard?').replace('sslmode=prefer', 'sslmode=disable');
  say(`formation up: ${dbUrl} (number_sync_standbys ${autoctl('get', 'formation', 'number-sync-standbys', '--pgdata', join(work, 'monitor')).trim()})`);

  const admin = postgres(dbUrl.replace('/switchboard?', '/postgres?').replace('read-write', 'primary'), { max: 1, onnotice: () => {} });
  await admin`create database switchboard`;
  say(`synchronous_standby_names: ${(await admin`select current_setting('synchronous_standby_names') as s`)[0].s}`);
  await admin.end();
  await migrateDatabase(dbUrl, { quiet: true });
  const sql = postgres(dbUrl.replace('read-write', 'primary'), { max: 2, onnotice: () => {}, connect_timeout: 3 });
  const [{ doc: owner }] = await sql`select switchboard.add_owner('failover') as doc`;
  const eps = [];
  for (const a of ['fleet-a', 'fleet-b']) eps.push((await sql`select switchboard.vend_endpoint(${owner.owner_id}::uuid, ${a}::text) as doc`)[0].doc);

  // --- serve and worker --------------------------------------------------------------------------------------------
  const start = (name, args) => {
    const out = createWriteStream(join(work, `${name}.log`));
    const child = spawn(process.execPath, [join(root, 'dist/cli.js'), ...args], {
      env: { ...env, DATABASE_URL: dbUrl, LOG_LEVEL: 'info', SWITCHBOARD_REAP_INTERVAL: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    child.on('exit', (code, signal) => exits.push({ name, code, signal }));
    return child;
  };
  serve = start('serve', ['serve', '--no-worker', '--port', String(SERVE_PORT)]);
  worker = start('worker', ['worker']);
  const base = `http://127.0.0.1:${SERVE_PORT}`;
  await waitFor(() => fetch(`${base}/healthz`).then((r) => r.ok, () => false), 'serve healthy', 60_000);
  say(`serve (pid ${serve.pid}) and worker (pid ${worker.pid}) up`);

  // --- agents --------------------------------------------------------------------------------------------------------
  const acked = { adds: new Map(), completes: new Set() };
  const successes = []; // timestamps of successful calls
  const healthLog = []; // [t, status]
  let running = true;
  let seq = 0;
  async function agent(i) {
    const credential = eps[i % 2].credential;
    let client = null;
    const call = async (name, args) => {
      try {
        if (!client) {
          const c = new Client({ name: `failover-${i}`, version: '1.0.0' });
          await c.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${credential}` } } }), { timeout: 10_000 });
          client = c;
        }
        const r = await client.callTool({ name, arguments: args }, undefined, { timeout: 20_000 });
        if (r.isError) return { error: r.structuredContent?.error ?? 'error' };
        successes.push(Date.now());
        return { doc: r.structuredContent };
      } catch {
        client?.close().catch(() => {});
        client = null;
        return { error: 'transport' };
      }
    };
    while (running) {
      const title = `fo-${i}-${seq++}`;
      const key = `${title}`;
      // A retried add keeps its title (and its idempotency key where add_todo takes one): a second todo with the same
      // title is a duplicate the retry made.
      let added = null;
      for (let tries = 0; running && tries < 50 && !added; tries++) {
        const r = await call('add_todo', { queue: 'work', title, ...(env.CHAOS_IDEMPOTENCY === '1' ? { idempotency_key: key } : {}) });
        if (r.doc) added = r.doc;
        else await sleep(300);
      }
      if (!added) continue;
      acked.adds.set(added.id, title);
      const c = await call('claim_next', { queue: 'work', claimant: `a${i}`, lease_seconds: 60 });
      if (!c.doc || c.doc.empty || !c.doc.id) continue;
      for (let tries = 0; tries < 50; tries++) {
        const d = await call('complete', { todo_id: c.doc.id, ...(c.doc.lease_token ? { lease_token: c.doc.lease_token } : {}) });
        if (d.doc) {
          acked.completes.add(c.doc.id);
          break;
        }
        if (d.error === 'conflict' || d.error === 'not_found' || d.error === 'invalid') break;
        await sleep(300);
      }
    }
    await client?.close().catch(() => {});
  }
  const watching = (async () => {
    while (running) {
      healthLog.push([Date.now(), await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(6000) }).then((r) => r.status, () => 0)]);
      await sleep(250);
    }
  })();
  const agentsDone = Promise.all(Array.from({ length: AGENTS }, (_, i) => agent(i)));
  await sleep(10_000);

  // --- faults --------------------------------------------------------------------------------------------------------
  const primaryPort = async () => {
    for (const n of nodes) {
      if (await pgOk(`postgres://postgres@127.0.0.1:${n.port}/postgres`, 'select not pg_is_in_recovery() as ok')) return n.port;
    }
    return null;
  };
  const recoveries = [];
  const measure = async (what, before) => {
    // Promotion: the other node answers as a primary; then the first successful agent call after it.
    const promoted = await waitFor(async () => {
      const p = await primaryPort();
      return p !== null && (what === 'kill' || p !== before) ? Date.now() : null;
    }, `a primary after the ${what}`, 180_000);
    const served = await waitFor(async () => successes.find((t) => t > promoted) ?? null, `a successful call after the ${what}`, 120_000);
    const h503 = healthLog.some(([t, s]) => t >= faultAt && s !== 200);
    const h200 = await waitFor(async () => healthLog.find(([t, s]) => t > promoted && s === 200)?.[0] ?? null, 'healthz 200 again', 120_000);
    recoveries.push({ fault: what, promoted_to_first_call_s: (served - promoted) / 1000, healthz_503_seen: h503, promoted_to_healthz_200_s: (h200 - promoted) / 1000 });
    say(`${what}: first successful call ${((served - promoted) / 1000).toFixed(1)} s after promotion; healthz 200 ${((h200 - promoted) / 1000).toFixed(1)} s after`);
  };
  let faultAt = Date.now();
  const before = await primaryPort();
  say(`perform failover (primary on ${before})`);
  faultAt = Date.now();
  autoctl('perform', 'failover', '--pgdata', join(work, 'monitor'), '--wait', '120');
  await measure('failover', before);
  await sleep(10_000);
  await waitFor(() => stateIs(null, 'secondary'), 'the old primary back as a secondary', 180_000);
  const primary = nodes.find((n) => n.port === before) === nodes[0] ? nodes[1] : nodes[0];
  const pid = Number(readFileSync(join(primary.pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
  say(`kill -9 of the primary's postmaster (pid ${pid}, port ${primary.port})`);
  faultAt = Date.now();
  process.kill(pid, 'SIGKILL');
  await measure('kill', primary.port);
  await sleep(10_000);
  running = false;
  await agentsDone;
  await watching;

  // --- verdict -------------------------------------------------------------------------------------------------------
  const ids = [...acked.adds.keys()];
  const [{ n: present }] = await sql`select count(*)::int as n from switchboard.todos where id = any(${ids}::uuid[])`;
  const doneIds = [...acked.completes];
  const [{ n: done }] = await sql`select count(*)::int as n from switchboard.todos where id = any(${doneIds}::uuid[]) and state = 'done'`;
  const dups = await sql`select title, count(*)::int as n from switchboard.todos where title like 'fo-%' group by title having count(*) > 1`;
  await sql.end();
  const result = {
    acked_adds: ids.length,
    acked_adds_lost: ids.length - present,
    acked_completes: doneIds.length,
    acked_completes_lost: doneIds.length - done,
    duplicated_todos: dups.reduce((s, d) => s + d.n - 1, 0),
    idempotency_keys: env.CHAOS_IDEMPOTENCY === '1',
    recoveries,
    processes_exited: exits,
  };
  console.log(JSON.stringify(result, null, 2));
  const bad = result.acked_adds_lost + result.acked_completes_lost + exits.length + (result.idempotency_keys ? result.duplicated_todos : 0);
  await cleanup();
  process.exit(bad === 0 ? 0 : 1);
} catch (e) {
  console.error(`failover run failed: ${e.stack ?? e}; logs in ${work}`);
  await cleanup();
  process.exit(2);
}

async function pgOk(url, q = 'select true as ok') {
  const c = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 2 });
  try {
    const [r] = await c.unsafe(q);
    return r.ok === true;
  } catch {
    return false;
  } finally {
    await c.end({ timeout: 1 }).catch(() => {});
  }
}

/** Whether node `name` (any node when null) reports `reported` (or `alsoReported`) and is assigned the same (the monitor's table). */
async function stateIs(name, reported, alsoReported = null) {
  const c = postgres(`postgres://postgres@127.0.0.1:${BASE}/pg_auto_failover`, { max: 1, onnotice: () => {}, connect_timeout: 2 });
  try {
    const rows = await c`select nodename, reportedstate::text as r, goalstate::text as g from pgautofailover.node`;
    return rows.some((x) => (name === null || x.nodename === name) && (x.r === reported || x.r === alsoReported) && x.r === x.g);
  } catch {
    return false;
  } finally {
    await c.end({ timeout: 1 }).catch(() => {});
  }
}

async function waitFor(fn, what, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const v = await fn();
    if (v) return v;
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}
