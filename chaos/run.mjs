// The chaos run (`npm run chaos`): a throwaway Postgres cluster on a free loopback port, `switchboard serve` with
// its worker, todos over four queues and two endpoints, agent processes (real MCP clients over HTTP) that claim,
// heartbeat, complete, fail, release, some fenced, some stalling; kill -9 of agents mid-lease, one kill -9 and
// restart of serve, one crash-restart of Postgres. Then it checks the ledger's invariants and exits 1 on any
// violation. Bounded: CHAOS_MAX_SECONDS of load (default 150), a fixed count of todos, agents and kills.
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chmodSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as netServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { migrateDatabase } from '../dist/migrate.js';

// `npm run chaos -- --failover`: the pg_auto_failover run instead (chaos/failover.mjs; it exits the process itself).
if (process.argv.includes('--failover')) {
  await import('./failover.mjs');
  await new Promise(() => {});
}

const root = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const TODOS = Number(env.CHAOS_TODOS ?? 1000);
const AGENTS = Number(env.CHAOS_AGENTS ?? 8);
const KILLS = Number(env.CHAOS_KILLS ?? Math.max(6, AGENTS));
const MAX_SECONDS = Number(env.CHAOS_MAX_SECONDS ?? 120);
const SEED = Number(env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const LEASE = 3;
const REAP = 1;
const QUEUES = ['alpha', 'beta', 'gamma', 'delta'];
const PG_BIN = env.CHAOS_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const KEEP = env.CHAOS_KEEP === '1';

let s = SEED >>> 0;
const rnd = () => {
  s = (s + 0x6d2b79f5) >>> 0;
  let x = Math.imul(s ^ (s >>> 15), 1 | s);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const say = (m) => console.log(`[chaos ${((Date.now() - T0) / 1000).toFixed(1)}s] ${m}`);
const T0 = Date.now();

function freePort() {
  return new Promise((done, fail) => {
    const srv = netServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => done(port));
    });
  });
}

// --- the throwaway cluster ------------------------------------------------------------------------------------
const work = mkdtempSync(join(tmpdir(), 'h6-chaos-'));
chmodSync(work, 0o755);
const pgData = join(work, 'pg');
const asRoot = process.getuid?.() === 0;
const pgRun = (bin, args) => {
  const cmd = join(PG_BIN, bin);
  return asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' }) : execFileSync(cmd, args, { stdio: 'pipe' });
};
const pgPort = await freePort();
mkdirSync(pgData);
if (asRoot) execFileSync('chown', ['postgres:postgres', pgData]);
pgRun('initdb', ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
const pgOpts = `-p ${pgPort} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c max_connections=200`;
// fsync and synchronous_commit stay on: the crash-restart below must not lose a commit a caller was told about.
const pgStart = () => pgRun('pg_ctl', ['-D', pgData, '-o', pgOpts, '-l', join(pgData, 'server.log'), '-w', 'start']);
pgStart();
const adminUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
const dbUrl = `postgres://postgres@127.0.0.1:${pgPort}/switchboard`;
{
  const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await a.unsafe('create database switchboard');
  await a.end();
}
await migrateDatabase(dbUrl, { quiet: true });
const sql = postgres(dbUrl, { max: 3, onnotice: () => {}, connect_timeout: 5 });
say(`postgres on 127.0.0.1:${pgPort} (${pgData}), seed ${SEED}, ${TODOS} todos, ${AGENTS} agents, ${KILLS} kills`);

// Retries come back within seconds, so a failed todo is retried inside the run.
await sql`update switchboard.settings set value = '1' where key = 'retry_backoff_base_seconds'`;
await sql`update switchboard.settings set value = '2' where key = 'retry_backoff_max_seconds'`;
const [{ doc: owner }] = await sql`select switchboard.add_owner('chaos') as doc`;
const endpoints = [];
for (const agent of ['fleet-a', 'fleet-b']) {
  const [{ doc }] = await sql`select switchboard.vend_endpoint(${owner.owner_id}::uuid, ${agent}::text) as doc`;
  endpoints.push(doc);
}
for (let i = 0; i < TODOS; i += 1000) {
  const n = Math.min(1000, TODOS - i);
  await sql`
    select count(switchboard.add_todo(endpoint_id => (${endpoints.map((e) => e.endpoint_id)}::uuid[])[1 + g % 2],
                 queue => (${QUEUES}::text[])[1 + (g / 2) % 4], payload => jsonb_build_object('n', g),
                 title => 'chaos ' || g, priority => (g % 3) - 1))
    from generate_series(${i}::int, ${i + n - 1}::int) g`;
}
say(`added ${TODOS} todos`);

// --- the notification sink (dead letters are POSTed here by the worker) ----------------------------------------
const notifications = [];
const sink = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    notifications.push(`${JSON.stringify(req.headers)}\n${body}`);
    res.writeHead(204).end();
  });
});
await new Promise((r) => sink.listen(0, '127.0.0.1', r));
const sinkUrl = `http://127.0.0.1:${sink.address().port}/dead-letters`;
await sql`update switchboard.settings set value = 'true' where key = 'webhook_allow_http'`;
await sql`select switchboard.set_owner_notify_url(${owner.owner_id}::uuid, ${sinkUrl}::text)`.catch((e) => say(`notify url not set: ${e.message}`));

// --- serve -----------------------------------------------------------------------------------------------------
const servePort = await freePort();
const serverUrl = `http://127.0.0.1:${servePort}`;
const metricsToken = randomBytes(24).toString('hex');
const serveLog = join(work, 'serve.log');
let serve = null;
let serveExits = [];
function startServe() {
  const out = createWriteStream(serveLog, { flags: 'a' });
  const child = spawn(process.execPath, [join(root, 'dist/cli.js'), 'serve', '--port', String(servePort)], {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      LOG_LEVEL: 'info',
      SWITCHBOARD_REAP_INTERVAL: String(REAP),
      SWITCHBOARD_METRICS_TOKEN: metricsToken,
      SWITCHBOARD_NOTIFY_URL: sinkUrl,
      SWITCHBOARD_NOTIFY_TIMEOUT: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  child.on('exit', (code, signal) => serveExits.push({ code, signal, at: Date.now() }));
  return child;
}
async function healthy(timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(`${serverUrl}/healthz`).then((r) => r.ok, () => false);
    if (ok) return true;
    await sleep(200);
  }
  return false;
}
serve = startServe();
if (!(await healthy())) throw new Error(`serve did not become healthy; see ${serveLog}`);
say(`serve on ${serverUrl} (pid ${serve.pid})`);

// --- agents ----------------------------------------------------------------------------------------------------
const journals = join(work, 'journals');
mkdirSync(journals);
const tokensFile = join(work, 'lease-tokens.secret');
const agents = new Map();
let spawned = 0;
function startAgent(slot) {
  const id = `agent-${slot}-${spawned++}`;
  const ep = endpoints[slot % 2];
  const child = spawn(process.execPath, [join(root, 'chaos/agent.mjs')], {
    env: {
      PATH: process.env.PATH,
      CHAOS_SERVER: serverUrl,
      CHAOS_CREDENTIAL: ep.credential,
      CHAOS_AGENT: id,
      CHAOS_AGENT_SEED: String((SEED + spawned * 7919) >>> 0),
      CHAOS_JOURNAL: join(journals, `${id}.jsonl`),
      CHAOS_TOKENS: tokensFile,
      CHAOS_LEASE: String(LEASE),
      CHAOS_STALL_MS: String((LEASE + 3 * REAP) * 1000),
      CHAOS_QUEUES: QUEUES.join(','),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = createWriteStream(join(journals, `${id}.out`));
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  agents.set(slot, { id, child, endpoint: ep.endpoint_id });
}
for (let i = 0; i < AGENTS; i++) startAgent(i);
say(`${AGENTS} agents started`);

// --- the run ---------------------------------------------------------------------------------------------------
const figures = { kills: 0, killsMidLease: 0, serveRestarts: 0, postgresRestarts: 0, serveCrashes: 0 };
const killAt = Array.from({ length: KILLS }, () => 0.05 + rnd() * 0.85).sort((a, b) => a - b);
const serveRestartAt = 0.3 + rnd() * 0.1;
const pgRestartAt = 0.6 + rnd() * 0.1;
const terminalCount = async () => {
  for (;;) {
    try {
      const [r] = await sql`select count(*) filter (where state in ('done', 'canceled') or (state = 'failed' and next_retry_at is null))::int as n from switchboard.todos`;
      return r.n;
    } catch {
      await sleep(300); // Postgres is restarting
    }
  }
};

function lastJournalOp(id) {
  const f = join(journals, `${id}.jsonl`);
  if (!existsSync(f)) return null;
  const lines = readFileSync(f, 'utf8').trim().split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    try {
      const r = JSON.parse(lines[i]);
      if (['claim', 'complete', 'fail', 'release', 'stall', 'heartbeat'].includes(r.op)) return r.op;
    } catch {}
  }
  return null;
}

// Each event fires at a point of the run: when that share of the todos is terminal or of the time bound is gone,
// whichever comes first, so a short run still sees every one of them.
let progress = 0;
let done = 0;
const loadStart = Date.now();
const deadline = loadStart + MAX_SECONDS * 1000;
while (Date.now() < deadline) {
  await sleep(500);
  done = (await terminalCount()) / TODOS;
  progress = Math.max(done, (Date.now() - loadStart) / (MAX_SECONDS * 1000));
  while (killAt.length && progress >= killAt[0]) {
    killAt.shift();
    const slot = Math.floor(rnd() * AGENTS);
    const a = agents.get(slot);
    const last = lastJournalOp(a.id);
    a.child.kill('SIGKILL');
    figures.kills++;
    if (last === 'claim' || last === 'heartbeat' || last === 'stall') figures.killsMidLease++;
    say(`kill -9 ${a.id} (last step: ${last})`);
    startAgent(slot);
  }
  if (!figures.serveRestarts && progress >= serveRestartAt) {
    say(`kill -9 serve (pid ${serve.pid}) at ${(progress * 100).toFixed(0)}%`);
    serve.kill('SIGKILL');
    await sleep(1000);
    serve = startServe();
    const ok = await healthy();
    figures.serveRestarts++;
    say(`serve restarted (pid ${serve.pid}), healthy: ${ok}`);
  }
  if (!figures.postgresRestarts && progress >= pgRestartAt) {
    say(`postgres restart -m immediate at ${(progress * 100).toFixed(0)}%`);
    pgRun('pg_ctl', ['-D', pgData, '-m', 'immediate', 'stop']);
    await sleep(2000);
    pgStart();
    figures.postgresRestarts++;
    say(`postgres back; serve healthy: ${await healthy()}`);
  }
  if (serveExits.length > figures.serveRestarts) {
    figures.serveCrashes = serveExits.length - figures.serveRestarts;
    say(`serve exited on its own: ${JSON.stringify(serveExits.at(-1))}; restarting it`);
    serve = startServe();
    await healthy();
    serveExits = serveExits.slice(0, figures.serveRestarts);
  }
  if (done >= 1) break;
}
say(`load phase over: ${(done * 100).toFixed(1)}% of the todos terminal`);

// Agents stop as if they died (no release); the reaper must then free every lease.
for (const a of agents.values()) a.child.kill('SIGKILL');
await sleep((LEASE + 4 * REAP) * 1000);
const metricsText = await fetch(`${serverUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } }).then((r) => r.text(), (e) => `unavailable: ${e.message}`);
serve.kill('SIGTERM');
await new Promise((r) => (serveExits.length > figures.serveRestarts ? r() : serve.once('exit', r)));

// --- checks ----------------------------------------------------------------------------------------------------
const violations = [];
const check = (ok, what, detail) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail === undefined ? '' : `: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`}`);
  if (!ok) violations.push(what);
};

const states = await sql`
  select state, (state = 'failed' and next_retry_at is null) as dead, count(*)::int as n from switchboard.todos group by 1, 2 order by 1, 2`;
console.log(`todos by state: ${states.map((r) => `${r.state}${r.state === 'failed' ? (r.dead ? '(dead letter)' : '(retry scheduled)') : ''}=${r.n}`).join(' ')}`);
const [stuck] = await sql`select count(*)::int as n from switchboard.todos where state = 'claimed'`;
check(stuck.n === 0, 'every todo is terminal or claimable (none claimed after every agent died and lease + reap passed)', `${stuck.n} claimed`);
const [total] = await sql`select count(*)::int as n from switchboard.todos`;
check(total.n === TODOS, 'no todo lost or added', `${total.n} of ${TODOS}`);

const twice = await sql`select todo_id, count(*)::int as n from switchboard.todo_attempts where outcome = 'completed' group by 1 having count(*) > 1`;
check(twice.length === 0, 'no todo completed twice (attempts)', `${twice.length} todos`);
const [doneMismatch] = await sql`
  select count(*)::int as n from switchboard.todos t
  where (t.state = 'done') <> exists (select 1 from switchboard.todo_attempts a where a.todo_id = t.id and a.outcome = 'completed')`;
check(doneMismatch.n === 0, 'a todo is done exactly when one of its attempts completed', `${doneMismatch.n} todos`);

const ALLOWED = new Set(['completed/done', 'failed/retry_scheduled', 'failed/dead_lettered', 'released/requeued', 'lease_expired/requeued',
  'reaped/requeued', 'reaped/dead_lettered', 'canceled/canceled', 'revoked/dead_lettered']);
const pairs = await sql`select coalesce(outcome, 'open') as outcome, coalesce(disposition, 'none') as disposition, (ended_at is null) as open, count(*)::int as n
  from switchboard.todo_attempts group by 1, 2, 3 order by 4 desc`;
console.log(`attempts by outcome/disposition: ${pairs.map((p) => `${p.outcome}/${p.disposition}=${p.n}`).join(' ')}`);
const bad = pairs.filter((p) => p.open || !ALLOWED.has(`${p.outcome}/${p.disposition}`));
check(bad.length === 0, 'every attempt closed with an outcome/disposition pair from ADR-0039', bad);
const attemptsTotal = pairs.reduce((a, p) => a + p.n, 0);

const [seqs] = await sql`
  select count(*)::int as n from switchboard.todos t
  where t.last_seq <> (select count(*) from switchboard.todo_attempts a where a.todo_id = t.id) + t.attempts_pruned`;
check(seqs.n === 0, 'per todo attempts_total (last_seq) = rows + attempts_pruned', `${seqs.n} todos differ`);
const [gaps] = await sql`
  select count(*)::int as n from (select todo_id, seq, row_number() over (partition by todo_id order by seq) as r,
    (select attempts_pruned from switchboard.todos t where t.id = a.todo_id) as p from switchboard.todo_attempts a) x where seq <> r + p`;
check(gaps.n === 0, 'attempt seqs are 1..last_seq with no gap or duplicate', `${gaps.n} rows`);

// Metrics: the counters the transitions keep in SQL, as /metrics shows them, against the attempts table.
const byOutcome = await sql`select queue, outcome, count(*)::int as n from switchboard.todo_attempts a join switchboard.todos t on t.id = a.todo_id
  where outcome is not null group by 1, 2`;
const scraped = new Map();
for (const m of metricsText.matchAll(/^switchboard_todo_attempts_closed_total\{([^}]*)\} (\d+)/gm)) {
  const labels = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
  scraped.set(`${labels.queue}/${labels.outcome}`, Number(m[2]));
}
const metricDiffs = byOutcome.filter((r) => scraped.get(`${r.queue}/${r.outcome}`) !== r.n).map((r) => ({ ...r, metric: scraped.get(`${r.queue}/${r.outcome}`) }));
const extra = [...scraped.entries()].filter(([k, v]) => v > 0 && !byOutcome.some((r) => `${r.queue}/${r.outcome}` === k));
check(scraped.size > 0 && metricDiffs.length === 0 && extra.length === 0, 'metrics counters (GET /metrics) equal the attempts table by queue and outcome', metricDiffs.length || extra.length ? { metricDiffs, extra } : `${scraped.size} series`);
const [expired] = await sql`select count(*)::int as n from switchboard.todo_attempts where outcome in ('lease_expired', 'reaped')`;
const expiredMetric = [...metricsText.matchAll(/^switchboard_todo_leases_expired_total\{[^}]*\} (\d+)/gm)].reduce((a, m) => a + Number(m[1]), 0);
check(expiredMetric === expired.n, 'switchboard_todo_leases_expired_total equals lease_expired + reaped attempts', `${expiredMetric} vs ${expired.n}`);

// The journals: what every agent was told, against what the ledger recorded.
const journal = [];
for (const f of readdirSync(journals).filter((f) => f.endsWith('.jsonl'))) {
  for (const line of readFileSync(join(journals, f), 'utf8').split('\n')) {
    if (!line) continue;
    try {
      journal.push(JSON.parse(line));
    } catch {} // the last line of an agent killed mid-write
  }
}
const attempts = new Map(
  (await sql`select todo_id::text || '/' || seq as k, outcome from switchboard.todo_attempts`).map((r) => [r.k, r.outcome]),
);
const claims = journal.filter((r) => r.op === 'claim');
const unknownClaims = claims.filter((r) => !attempts.has(`${r.todo}/${r.seq}`));
check(unknownClaims.length === 0, 'every claim an agent was given is an attempt row', `${unknownClaims.length} of ${claims.length}`);
const claimKeys = new Map();
for (const r of claims) claimKeys.set(`${r.todo}/${r.seq}`, (claimKeys.get(`${r.todo}/${r.seq}`) ?? 0) + 1);
const dupClaims = [...claimKeys.entries()].filter(([, n]) => n > 1);
check(dupClaims.length === 0, 'no attempt was handed to two claims (a commit lost in a crash would show here)', dupClaims.slice(0, 5));
const reports = journal.filter((r) => ['complete', 'fail', 'release'].includes(r.op));
const OUTCOME = { complete: 'completed', fail: 'failed', release: 'released' };
const fencedWrong = reports.filter((r) => r.ok && r.fenced && attempts.get(`${r.todo}/${r.seq}`) !== OUTCOME[r.op]);
check(fencedWrong.length === 0, "every fenced report that succeeded closed the reporter's own attempt with that outcome", `${fencedWrong.length}`);
const staleFenced = reports.filter((r) => r.stale && r.fenced);
const staleFencedOk = staleFenced.filter((r) => r.ok);
check(staleFencedOk.length === 0, "no stale fenced agent's complete/fail succeeded", `${staleFenced.length} tried, ${staleFencedOk.length} succeeded, answers ${JSON.stringify(tally(staleFenced.map((r) => r.error ?? 'ok')))}`);
const staleOpen = reports.filter((r) => r.stale && !r.fenced);
console.log(`     stale unfenced reports (may succeed by design on the same endpoint): ${staleOpen.length}, ${JSON.stringify(tally(staleOpen.map((r) => r.error ?? 'ok')))}`);
const completesOk = new Map();
for (const r of reports.filter((r) => r.op === 'complete' && r.ok)) completesOk.set(r.todo, (completesOk.get(r.todo) ?? 0) + 1);
const doubly = [...completesOk.values()].filter((n) => n > 1).length;
check(doubly === 0, 'no todo was reported completed to two callers', `${doubly}`);
const hangs = journal.filter((r) => r.error === 'hang');
check(hangs.length === 0, 'no call hung (every call answered within 20 s, restarts included)', `${hangs.length}`);
const crashes = journal.filter((r) => r.op === 'crash');
check(crashes.length === 0, 'no agent crashed on an unexpected answer', crashes.slice(0, 3));
const internals = journal.filter((r) => r.error === 'internal');
const errorsByKind = tally(journal.filter((r) => r.error).map((r) => `${r.op}:${r.error}`));
console.log(`     errors agents saw: ${JSON.stringify(errorsByKind)}`);
const nonRetryable = internals.filter((r) => !/retry shortly/.test(r.message ?? ''));
check(nonRetryable.length === 0, 'every internal error an agent saw said it is retryable (database unavailable)', nonRetryable.slice(0, 3).map((r) => r.message));
check(figures.kills === KILLS && figures.serveRestarts === 1 && figures.postgresRestarts === 1,
  'the chaos happened: every planned kill -9, one serve restart, one Postgres restart (else raise CHAOS_MAX_SECONDS)',
  `${figures.kills}/${KILLS} kills, ${figures.serveRestarts} serve, ${figures.postgresRestarts} postgres restarts`);
check(figures.serveCrashes === 0, 'serve never exited on its own (Postgres restart included)', `${figures.serveCrashes}`);

// Secrets: no credential, lease token or metrics token in any log line, metric, notification, error or read.
const secrets = new Set([...endpoints.map((e) => e.credential), metricsToken, ...(existsSync(tokensFile) ? readFileSync(tokensFile, 'utf8').split('\n').filter(Boolean) : [])]);
const corpora = {
  'serve log': readFileSync(serveLog, 'utf8'),
  'agent output': readdirSync(journals).filter((f) => f.endsWith('.out')).map((f) => readFileSync(join(journals, f), 'utf8')).join('\n'),
  'journals (errors and reads)': readdirSync(journals).filter((f) => f.endsWith('.jsonl')).map((f) => readFileSync(join(journals, f), 'utf8')).join('\n'),
  metrics: metricsText,
  notifications: notifications.join('\n'),
  'ledger tables': (await sql.unsafe(`select string_agg(x::text, E'\\n') as t from (
      select t::text as x from switchboard.todos t union all select a::text from switchboard.todo_attempts a
      union all select e::text from switchboard.endpoints e union all select o::text from switchboard.owners o) y`))[0].t ?? '',
  'postgres log': readFileSync(join(pgData, 'server.log'), 'utf8'),
};
const secretsIn = (text) => {
  const found = new Set();
  for (const m of text.matchAll(/[0-9A-Za-z_-]{24,}/g)) if (secrets.has(m[0])) found.add(m[0]);
  for (const c of endpoints.map((e) => e.credential)) if (text.includes(c)) found.add(c);
  return found;
};
const tokenCount = secrets.size - endpoints.length - 1;
check(existsSync(tokensFile) && secretsIn(readFileSync(tokensFile, 'utf8')).size === tokenCount && tokenCount > 0,
  'the scanner finds every lease token in the agents\' own token file (it can see what it looks for)', `${tokenCount} tokens`);
const leaks = {};
for (const [name, text] of Object.entries(corpora)) {
  const found = secretsIn(text);
  if (found.size) leaks[name] = found.size;
}
check(Object.keys(leaks).length === 0, `no secret (${secrets.size} credentials and lease tokens) in ${Object.keys(corpora).join(', ')}`, leaks);
console.log(`     scanned: ${Object.entries(corpora).map(([k, v]) => `${k} ${(v.length / 1024).toFixed(0)} KiB`).join(', ')}; ${notifications.length} notifications`);

function tally(xs) {
  const o = {};
  for (const x of xs) o[x] = (o[x] ?? 0) + 1;
  return o;
}

const summary = {
  seed: SEED,
  todos: TODOS,
  agents: AGENTS,
  agentProcesses: spawned,
  attempts: attemptsTotal,
  claims: claims.length,
  reports: reports.length,
  kills: figures.kills,
  killsMidLease: figures.killsMidLease,
  stalls: journal.filter((r) => r.op === 'stall').length,
  serveRestarts: figures.serveRestarts,
  postgresRestarts: figures.postgresRestarts,
  notifications: notifications.length,
  seconds: Math.round((Date.now() - T0) / 1000),
  violations: violations.length,
};
console.log(`summary ${JSON.stringify(summary)}`);
await sql.end({ timeout: 5 });
sink.close();
try {
  pgRun('pg_ctl', ['-D', pgData, '-m', 'fast', 'stop']);
} catch {}
if (KEEP || violations.length) console.log(`logs kept in ${work}`);
else rmSync(work, { recursive: true, force: true });
process.exit(violations.length ? 1 : 0);
