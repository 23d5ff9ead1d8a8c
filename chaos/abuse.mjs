// The abuse run (`npm run abuse`, `npm run abuse -- --ci`): a hostile tenant against a real `switchboard serve`,
// one attack at a time, while an honest tenant keeps calling. Prints one table row per attack: what the attacker
// got, the honest tenant's p50/p99 before and during, the server's RSS before and after, and whether it stayed up.
// Everything goes to 127.0.0.1 (Postgres at ADMIN_DATABASE_URL, a throwaway database in it, the server, the
// sinks); every attack is bounded by a count and a time, and a watchdog ends the whole run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { connect, createServer as netServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import postgres from 'postgres';
import { migrateDatabase } from '../dist/migrate.js';

const CI = process.argv.includes('--ci');
// `--only a,b`: only the rows whose names contain one of these (a comparison of a few rows, not a full run).
// ABUSE_ONLY=a,b in the environment does the same.
const ONLY = (() => {
  const i = process.argv.indexOf('--only');
  const list = i >= 0 ? process.argv[i + 1] : process.env.ABUSE_ONLY;
  return list ? list.split(',') : null;
})();
const root = fileURLToPath(new URL('..', import.meta.url));
const ADMIN_URL = process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const S = CI
  ? { base: 3, attack: 4, halfSentHold: 12, seed: 5_000, waiters: 300, batches: 20, batchSize: 100, scrapers: 50, scrapersBeyond: 200, halfSent: 1_500, sessions: 2_000, hooks: 10, callers: 4, strangers: 50, manyStrangers: 150, boardLoops: 50, bigLoops: 8, bigRequests: 150, anonymous: 600 }
  : { base: 8, attack: 20, halfSentHold: 15, seed: 200_000, waiters: 3_000, batches: 20, batchSize: 100, scrapers: 50, scrapersBeyond: 200, halfSent: 5_000, sessions: 10_000, hooks: 20, callers: 16, strangers: 50, manyStrangers: 400, boardLoops: 50, bigLoops: 20, bigRequests: 600, anonymous: 1_200 };
const WATCHDOG_MS = CI ? 300_000 : 1_200_000;
const T0 = Date.now();
const say = (m) => console.error(`[abuse ${((Date.now() - T0) / 1000).toFixed(1)}s] ${m}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

for (const u of [ADMIN_URL]) {
  const h = new URL(u).hostname;
  if (h !== '127.0.0.1' && h !== 'localhost' && h !== '::1') throw new Error(`abuse: ${u} is not on loopback; refusing to run`);
}

let serve = null;
let dbName = null;
const cleanups = [];
async function cleanup() {
  for (const f of cleanups.reverse()) await f().catch(() => {});
  if (serve && serve.exitCode === null) serve.kill('SIGKILL');
  if (dbName) {
    const a = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    await a.unsafe(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await a.end({ timeout: 2 });
  }
}
const watchdog = setTimeout(async () => {
  say(`watchdog: over ${WATCHDOG_MS / 1000} s, stopping`);
  await cleanup();
  process.exit(2);
}, WATCHDOG_MS);
watchdog.unref();

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

// --- the database and the tenants --------------------------------------------------------------------------------
dbName = `sb_abuse_${randomBytes(4).toString('hex')}`;
{
  const a = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await a.unsafe(`create database ${dbName}`);
  await a.end({ timeout: 2 });
}
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
await migrateDatabase(dbUrl, { quiet: true });
// Counts calls of PL/pgSQL functions (pg_stat_user_functions), for the herd row's claim_next count.
{
  const a = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await a.unsafe(`alter database ${dbName} set track_functions = 'pl'`);
  await a.end({ timeout: 2 });
}
const sql = postgres(dbUrl, { max: 3, onnotice: () => {} });
cleanups.push(() => sql.end({ timeout: 2 }));
await sql`update switchboard.settings set value = 'true' where key = 'webhook_allow_http'`;
const vend = async (handle, verbs, owner = null, agentId = 'bot') => {
  const o = owner ?? (await sql`select switchboard.add_owner(${handle}::text)->>'owner_id' as o`)[0].o;
  const [{ doc }] = await sql`select switchboard.vend_endpoint(${o}::uuid, ${agentId}::text, ${verbs}::text[]) as doc`;
  return { owner: o, id: doc.endpoint_id, credential: doc.credential };
};
// The attacker holds the narrowest credential there is: claim_next and complete.
const attacker = await vend('mallory', ['claim_next', 'complete']);
// Its owner's other endpoint, whose todos ring a webhook doorbell the attacker points at its own sink.
const attackerHooks = await vend(null, null, attacker.owner, 'hooks');
// The large-bodies row's attacker: as narrow, on an endpoint of its own, so that no session the earlier rows left
// open (on a server that keeps sessions) takes its place.
const bodies = await vend(null, ['claim_next', 'complete'], attacker.owner, 'bodies');
const honest = await vend('bob', null);
const bulk = await vend('bulk', null);
await sql`select count(switchboard.add_todo(endpoint_id => ${honest.id}::uuid, queue => 'honest'::text, title => 'honest ' || g))
            from generate_series(1, 200) g`;
for (let i = 0; i < S.seed; i += 5000) {
  await sql`select count(switchboard.add_todo(endpoint_id => ${bulk.id}::uuid, queue => 'q' || (g % 50), title => 'bulk ' || g))
              from generate_series(${i}::int, ${Math.min(S.seed, i + 5000) - 1}::int) g`;
}
say(`database ${dbName}: ${S.seed} bulk todos in 50 queues, 200 honest todos`);

// --- serve -------------------------------------------------------------------------------------------------------
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let serveLog = '';
serve = spawn(process.execPath, [join(root, 'dist/cli.js'), 'serve', '--port', String(port)], {
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: dbUrl,
    LOG_LEVEL: 'warn',
    // The sink below is on 127.0.0.1: allowed here, so that the reply bound (not the address check) is what is tried.
    SWITCHBOARD_WEBHOOK_ALLOW_PRIVATE: 'true',
    SWITCHBOARD_NOTIFY_TIMEOUT: '5',
    // The front door's bounds may be set for a run, for comparison; the rest is fixed above.
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => /^SWITCHBOARD_(MCP|HTTP)_/.test(k))),
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
serve.stdout.on('data', (d) => (serveLog = (serveLog + d).slice(-20000)));
serve.stderr.on('data', (d) => (serveLog = (serveLog + d).slice(-20000)));
const up = () => serve.exitCode === null && serve.signalCode === null;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  if (!up() || i > 150) throw new Error(`serve did not start:\n${serveLog}`);
  await sleep(200);
}
const rssMiB = () => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${serve.pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
};
const rssStart = rssMiB();
say(`serve on ${base}, RSS ${rssStart} MiB`);

// --- the honest tenant: a real SDK client in a worker thread (chaos/abuse-probe.mjs), calling in a loop ---------
const prober = new Worker(new URL('./abuse-probe.mjs', import.meta.url), { workerData: { base, credential: honest.credential } });
await new Promise((resolve, reject) => {
  prober.once('message', resolve);
  prober.once('error', reject);
});
cleanups.push(async () => prober.terminate());
let probeCall = 'list';
async function probe(ms) {
  const { lat, errors } = await new Promise((resolve) => {
    prober.once('message', resolve);
    prober.postMessage({ ms, call: probeCall });
  });
  lat.sort((a, b) => a - b);
  const q = (p) => (lat.length ? lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] : NaN);
  return { p50: q(0.5), p99: q(0.99), n: lat.length, errors };
}

// --- raw MCP over HTTP for the attacker ---------------------------------------------------------------------------
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
cleanups.push(async () => agent.destroy());
function post(path, body, headers = {}, { signal, sockets, via = agent, method = 'POST' } = {}) {
  return new Promise((resolve) => {
    const req = request(`${base}${path}`, {
      method,
      agent: via,
      headers: {
        authorization: `Bearer ${attacker.credential}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      signal,
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text.length < 65536 ? (text += d) : null));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
      res.on('error', () => resolve({ status: 0, text: '' }));
    });
    sockets?.push(req);
    req.on('error', () => resolve({ status: 0, text: '' }));
    req.end(body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body));
  });
}
const tally = (statuses) => Object.entries(statuses).map(([k, v]) => `${v} HTTP ${k}`).join(', ');
const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'mallory', version: '1' } } };
async function session(headers = {}) {
  const r = await post('/mcp', INIT, headers);
  const id = r.headers?.['mcp-session-id'];
  if (r.status !== 200 || !id) return { status: r.status };
  await post('/mcp', { jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': id, ...headers });
  return { status: 200, id };
}
const toolCall = (id, name, args) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const kindOf = (text) => {
  const m = /"error":"([a-z_]+)"/.exec(text) ?? /\\"error\\":\\"([a-z_]+)\\"/.exec(text);
  return m ? m[1] : 'ok';
};
const claimNextCalls = async () => {
  const [r] = await sql.begin(async (tx) => {
    await tx`select pg_stat_clear_snapshot()`;
    return tx`select coalesce(sum(calls), 0)::bigint as n from pg_stat_user_functions where schemaname = 'switchboard' and funcname = 'claim_next'`;
  });
  return Number(r.n);
};

process.on('unhandledRejection', async (e) => {
  console.error(e);
  await cleanup();
  process.exit(2);
});

const checker = new Agent({ keepAlive: false, localAddress: '127.0.0.3' });
cleanups.push(async () => checker.destroy());

// --- the attacks --------------------------------------------------------------------------------------------------
const rows = [];
// ABUSE_ONLY / --only: the rows whose name contains one of the given parts (to compare one row across builds).
const wanted = (name) => !ONLY || ONLY.some((o) => name.includes(o));
async function row(name, attack, { hold = S.attack, call = 'list' } = {}) {
  if (!wanted(name)) return;
  probeCall = call;
  say(`${name}: baseline`);
  const before = await probe(S.base * 1000);
  const rssBefore = rssMiB();
  say(`${name}: attacking for ${hold} s`);
  const stop = { at: Date.now() + hold * 1000 };
  // The highest RSS seen during the row, sampled every 250 ms: "after" alone could miss a peak given back.
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB() ?? 0)), 250);
  const [got, during] = await Promise.all([attack(stop), probe(hold * 1000)]);
  await sleep(300);
  clearInterval(sampler);
  const rssAfter = rssMiB();
  rssPeak = Math.max(rssPeak, rssAfter ?? 0);
  // Up: the process runs and answers /healthz to a client of another address than the attacker's (whose share of
  // connections the attack may still hold while the server closes them), within 5 s.
  let healthy = false;
  for (let i = 0; i < 10 && !healthy && up(); i++) {
    const r = await post('/healthz', undefined, { authorization: '' }, { method: 'GET', via: checker });
    healthy = r.status === 200;
    if (!healthy) await sleep(500);
  }
  rows.push({ name, got, before, during, rssBefore, rssAfter, rssPeak, healthy });
  say(`${name}: ${got}; honest p99 ${before.p99.toFixed(1)} -> ${during.p99.toFixed(1)} ms; RSS ${rssBefore} -> ${rssAfter} (peak ${rssPeak}) MiB; up: ${healthy}`);
}

const scrapeFlood = (loops) => async (stop) => {
  let ok = 0;
  let refused = 0;
  let other = 0;
  await Promise.all(
    [...Array(loops)].map(async () => {
      while (Date.now() < stop.at) {
        try {
          const r = await fetch(`${base}/metrics`);
          await r.arrayBuffer();
          r.status === 200 ? ok++ : r.status === 429 ? refused++ : other++;
        } catch {
          other++;
        }
      }
    }),
  );
  return `${loops} loops: ${ok} scrapes answered, ${refused} refused 429, ${other} failed`;
};
await row('metrics scrape flood', scrapeFlood(S.scrapers));
// More loops than SWITCHBOARD_METRICS_QUEUE (64) lets wait for a token: the refusals' path, not only the queue's.
await row('metrics scrape flood beyond the queue', scrapeFlood(S.scrapersBeyond));

await row('batch flood', async (stop) => {
  const sessions = (await Promise.all([...Array(S.batches)].map(session))).filter((s) => s.id);
  const counts = {};
  let refusedHttp = 0;
  await Promise.all(
    sessions.map(async (s) => {
      while (Date.now() < stop.at) {
        const batch = [...Array(S.batchSize)].map((_, i) => toolCall(i + 1, 'claim_next', { queue: 'nothing-here' }));
        const r = await post('/mcp', batch, { 'mcp-session-id': s.id });
        if (r.status !== 200) {
          refusedHttp++;
          await sleep(100);
          continue;
        }
        for (const m of r.text.matchAll(/"isError":true|"empty":true/g)) counts[m[0]] = (counts[m[0]] ?? 0) + 1;
      }
    }),
  );
  return `${sessions.length} x ${S.batchSize}-call batches: ${counts['"empty":true'] ?? 0} calls answered, ${counts['"isError":true'] ?? 0} tool errors, ${refusedHttp} HTTP refusals`;
});

await row('waiter herd', async (stop) => {
  const sessions = (await Promise.all([...Array(10)].map(session))).filter((s) => s.id);
  const sockets = [];
  const outcomes = {};
  const waits = [...Array(S.waiters)].map((_, i) =>
    post('/mcp', toolCall(i + 1, 'claim_next', { wait_seconds: 60 }), { 'mcp-session-id': sessions[i % sessions.length].id }, { sockets }).then((r) => {
      const k = r.status === 200 ? kindOf(r.text) : `http_${r.status}`;
      outcomes[k] = (outcomes[k] ?? 0) + 1;
    }),
  );
  await sleep(1000);
  // claim_next calls caused by twenty adds of the honest tenant (each its own transaction); the honest probe only
  // lists in this row. A backend flushes its function counts to pg_stat_user_functions up to 10 s late when idle
  // (PGSTAT_IDLE_INTERVAL), hence the 11 s pauses around each count.
  const SETTLE = 11_000;
  const adds = async () => {
    for (let i = 0; i < 20; i++) await sql`select switchboard.add_todo(endpoint_id => ${honest.id}::uuid, queue => 'herd'::text)`;
  };
  await sleep(SETTLE);
  const c0 = await claimNextCalls();
  await adds();
  await sleep(SETTLE);
  const c1 = await claimNextCalls();
  // The attacker hangs up every wait; a wait that outlives its client would keep claiming.
  for (const r of sockets) r.destroy();
  await Promise.allSettled(waits);
  await sleep(500);
  await adds();
  await sleep(SETTLE);
  const during = c1 - c0;
  const after = (await claimNextCalls()) - c1;
  const answered = Object.entries(outcomes).map(([k, v]) => `${v} ${k === 'ok' ? 'answered' : k}`).join(', ');
  return `${S.waiters} waits (${answered}); 20 adds by the honest tenant caused ${during} claim_next calls while the waits were open, ${after} after the attacker hung up`;
}, { hold: 36 });

await row('endless webhook sink', async (stop) => {
  let hits = 0;
  let bytes = 0;
  const sink = createServer((req, res) => {
    hits++;
    req.resume();
    res.writeHead(200);
    const chunk = Buffer.alloc(65536, 120);
    const pump = () => {
      while (!res.destroyed) {
        bytes += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
    };
    pump();
  });
  await new Promise((r) => sink.listen(0, '127.0.0.1', r));
  await sql`select switchboard.set_endpoint_doorbell_url(${attackerHooks.owner}::uuid, ${attackerHooks.id}::uuid, ${`http://127.0.0.1:${sink.address().port}/hook`}::text)`;
  await sql`select count(switchboard.add_todo(endpoint_id => ${attackerHooks.id}::uuid, queue => 'hook' || g)) from generate_series(1, ${S.hooks}::int) g`;
  while (Date.now() < stop.at) await sleep(200);
  const [{ failed, last }] = await sql`select count(*)::int as failed, max(last_error) as last from graphile_worker.jobs
                                        where task_identifier = 'switchboard_doorbell_webhook' and attempts > 0`;
  await sql`select switchboard.set_endpoint_doorbell_url(${attackerHooks.owner}::uuid, ${attackerHooks.id}::uuid, null::text)`;
  sink.closeAllConnections();
  sink.close();
  return `${hits} deliveries to an endless 200, ${Math.round(bytes / 1048576)} MiB pushed by the sink; ${failed} jobs failed for retry ("${last ?? 'none'}")`;
});

await row('half-sent connections', async (stop) => {
  let connected = 0;
  let closedEmpty = 0;
  let timedOut = 0;
  const socks = [];
  await Promise.all(
    [...Array(S.halfSent)].map(
      () =>
        new Promise((resolve) => {
          const s = connect(port, '127.0.0.1');
          socks.push(s);
          let data = '';
          s.on('data', (d) => (data += d));
          s.on('connect', () => {
            connected++;
            s.write('POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
            resolve();
          });
          s.on('close', () => (data.startsWith('HTTP/1.1 408') ? timedOut++ : closedEmpty++));
          s.on('error', () => resolve());
        }),
    ),
  );
  let fresh = 'not tried';
  await sleep(1000);
  try {
    fresh = String((await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(3000) })).status);
  } catch (e) {
    fresh = 'refused';
  }
  while (Date.now() < stop.at) await sleep(200);
  const open = socks.filter((s) => !s.destroyed).length;
  for (const s of socks) s.destroy();
  return `${S.halfSent} half-sent requests: ${closedEmpty} closed at once (connection cap), ${timedOut} answered 408 (headers timeout), ${open} still open at the end; a new client's /healthz during: ${fresh}`;
}, { hold: S.halfSentHold });

// Clients that keep calling: with sessions, the SDK's transport kept every answer until the session closed (about
// 7 KiB a claim_next). Each loop reopens its session if a server that has sessions closes it (404).
await row('clients that keep calling', async (stop) => {
  let answered = 0;
  let reopened = 0;
  const other = {};
  await Promise.all(
    [...Array(S.callers)].map(async (_, loop) => {
      let s = await session();
      let id = 1;
      while (Date.now() < stop.at) {
        if (!s.id) {
          other[`initialize ${s.status}`] = (other[`initialize ${s.status}`] ?? 0) + 1;
          await sleep(100);
          s = await session();
          continue;
        }
        const r = await post('/mcp', toolCall(id++, 'claim_next', { queue: `nothing-${loop}` }), { 'mcp-session-id': s.id, 'mcp-protocol-version': '2025-06-18' });
        if (r.status === 200) answered++;
        else if (r.status === 404) {
          reopened++;
          s = await session();
        } else {
          other[r.status] = (other[r.status] ?? 0) + 1;
          await sleep(100);
        }
      }
    }),
  );
  const rest = Object.entries(other).map(([k, v]) => `, ${v} HTTP ${k}`).join('');
  return `${S.callers} clients calling claim_next in a loop: ${answered} calls answered, ${reopened} sessions reopened after a 404${rest}`;
});

// Unknown credentials: every request carries a bearer string never seen before, so no check can be shared and each
// one is a statement on the pool the honest tenant's tool calls use.
await row('unknown credentials', async (stop) => {
  const statuses = {};
  let made = 0;
  await Promise.all(
    [...Array(S.strangers)].map(async () => {
      while (Date.now() < stop.at) {
        made++;
        const r = await post('/mcp', INIT, { authorization: `Bearer sbk_${randomBytes(24).toString('base64url')}` });
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      }
    }),
  );
  return `${S.strangers} loops, ${made} requests with a new bearer each: ${Object.entries(statuses).map(([k, v]) => `${v} HTTP ${k}`).join(', ')}`;
});

await row('initialize flood', async (stop) => {
  const statuses = {};
  let made = 0;
  await Promise.all(
    [...Array(20)].map(async () => {
      while (Date.now() < stop.at && made < S.sessions) {
        made++;
        const r = await post('/mcp', INIT);
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      }
    }),
  );
  return `${made} initialize calls: ${tally(statuses)} (none closed)`;
});

// Unknown credentials from many connections: each loop its own connection, each request a new bearer string.
await row('unknown credentials from many connections', async (stop) => {
  const statuses = {};
  let made = 0;
  await Promise.all(
    [...Array(S.manyStrangers)].map(async () => {
      const own = new Agent({ keepAlive: true, maxSockets: 1 });
      while (Date.now() < stop.at) {
        made++;
        const r = await post('/mcp', INIT, { authorization: `Bearer sbk_${randomBytes(24).toString('base64url')}` }, { via: own });
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status === 0) await sleep(10);
      }
      own.destroy();
    }),
  );
  return `${S.manyStrangers} loops on connections of their own, ${made} requests with a new bearer each: ${tally(statuses)}`;
});

// The Board's sign-in, flooded by a visitor without an account: random session cookies, then random sign-in tokens.
await row('/board flood, random cookies', async (stop) => {
  const statuses = {};
  await Promise.all(
    [...Array(S.boardLoops)].map(async () => {
      while (Date.now() < stop.at) {
        const r = await post('/board', undefined, { cookie: `sb_board_session=${randomBytes(32).toString('hex')}`, authorization: '' }, { method: 'GET' });
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status === 0) await sleep(10);
      }
    }),
  );
  return `${S.boardLoops} loops of GET /board with a random session cookie: ${tally(statuses)}`;
});
await row('/board flood, random sign-in tokens', async (stop) => {
  const statuses = {};
  await Promise.all(
    [...Array(S.boardLoops)].map(async () => {
      while (Date.now() < stop.at) {
        const form = `token=${randomBytes(32).toString('hex')}&as=mallory`;
        const r = await post('/board/login', form, { 'content-type': 'application/x-www-form-urlencoded', authorization: '' });
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status === 0) await sleep(10);
      }
    }),
  );
  return `${S.boardLoops} loops of POST /board/login with a random token: ${tally(statuses)}`;
});

// Requests with no credential at all, from many connections; meanwhile new clients from another address try /healthz.
await row('unauthenticated connection flood', async (stop) => {
  const statuses = {};
  let made = 0;
  const fresh = { ok: 0, refused: 0 };
  const newcomer = new Agent({ keepAlive: false, localAddress: '127.0.0.3' });
  const newcomers = (async () => {
    await sleep(1000);
    for (let i = 0; i < 26 && Date.now() < stop.at; i++) {
      const r = await post('/healthz', undefined, { authorization: '' }, { method: 'GET', via: newcomer });
      r.status === 200 ? fresh.ok++ : fresh.refused++;
      await sleep(50);
    }
  })();
  await Promise.all(
    [...Array(S.anonymous)].map(async () => {
      const own = new Agent({ keepAlive: true, maxSockets: 1 });
      while (Date.now() < stop.at) {
        made++;
        const r = await post('/mcp', INIT, { authorization: '' }, { via: own });
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status === 0) await sleep(10);
      }
      own.destroy();
    }),
  );
  await newcomers;
  newcomer.destroy();
  return `${S.anonymous} loops, ${made} requests without a credential: ${tally(statuses)}; new clients from another address: ${fresh.ok} answered, ${fresh.refused} refused`;
});

// Large bodies: the narrowest credential's tools/list, padded to 0.86 MiB, from loops that each keep a session. With
// sessions in the SDK's JSON mode, each answered body stayed in the heap until its session closed.
await row('large bodies', async (stop) => {
  const pad = 'x'.repeat(Math.round(0.86 * 1048576));
  const statuses = {};
  let made = 0;
  await Promise.all(
    [...Array(S.bigLoops)].map(async () => {
      const auth = { authorization: `Bearer ${bodies.credential}` };
      const s = await session(auth);
      const own = new Agent({ keepAlive: true, maxSockets: 1 });
      while (Date.now() < stop.at && made < S.bigRequests) {
        made++;
        const body = { jsonrpc: '2.0', id: made, method: 'tools/list', params: { pad } };
        const r = await post('/mcp', body, { ...auth, ...(s.id ? { 'mcp-session-id': s.id, 'mcp-protocol-version': '2025-06-18' } : {}) }, { via: own });
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status !== 200) await sleep(50);
      }
      own.destroy();
    }),
  );
  return `${S.bigLoops} loops, ${made} tools/list of 0.86 MiB each: ${tally(statuses)}`;
});

// --- A2A: the same hostile tenant against /a2a (its own block, so that /mcp's rows and these change apart) ---------
async function a2aRows() {
  // A requester credential of the attacker's: it may file and read, so its streams are real ones.
  const requester = await vend(null, ['add_todo', 'get_todo'], attacker.owner, 'requester');
  const rpc = (body, headers = {}, opts = {}) =>
    post('/a2a', body, { authorization: `Bearer ${requester.credential}`, 'a2a-version': '1.0', ...headers }, opts);
  const filed = await rpc({ jsonrpc: '2.0', id: 1, method: 'SendMessage',
    params: { message: { messageId: 'abuse-1', role: 'ROLE_USER', parts: [{ data: { queue: 'a2a' } }] }, configuration: { returnImmediately: true } } });
  const taskId = JSON.parse(filed.text).result.task.id;

  // Streams held open past the per-credential cap (SWITCHBOARD_A2A_STREAMS_PER_CREDENTIAL): each loop opens a stream,
  // keeps it while the row lasts if it was let in, and tries again after a refusal.
  await row('A2A stream flood', async (stop) => {
    const statuses = {};
    const open = [];
    await Promise.all(
      [...Array(S.strangers)].map(async () => {
        while (Date.now() < stop.at) {
          const ac = new AbortController();
          const status = await new Promise((resolve) => {
            const req = request(`${base}/a2a`, {
              method: 'POST', agent,
              headers: { authorization: `Bearer ${requester.credential}`, 'a2a-version': '1.0', 'content-type': 'application/json' },
              signal: ac.signal,
            }, (res) => {
              res.on('data', () => {});
              res.on('error', () => {});
              resolve(res.statusCode);
              if (res.statusCode !== 200) res.resume();
            });
            req.on('error', () => resolve(0));
            req.end(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'SubscribeToTask', params: { id: taskId } }));
          });
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status === 200) {
            open.push(ac);
            while (Date.now() < stop.at) await sleep(200);
          } else await sleep(50);
        }
      }),
    );
    for (const ac of open) ac.abort();
    return `${S.strangers} loops opening streams on one credential: ${Object.entries(statuses).map(([k, v]) => `${v} HTTP ${k}`).join(', ')}`;
  });

  // The stream crowd through minted endpoints: the attacker vends requester endpoints until its owner's cap refuses
  // (endpoints_max_per_owner), then holds every stream each will take; the per-owner stream budget
  // (SWITCHBOARD_HTTP_STREAMS_PER_TENANT) stops the crowd long before the connection limit, and the honest client's
  // connections stay.
  await row('A2A stream crowd through minted endpoints', async (stop) => {
    const minted = [];
    let capped = 0;
    for (let i = 0; i < 200 && Date.now() < stop.at; i++) {
      try {
        minted.push(await vend(null, ['add_todo', 'get_todo'], attacker.owner, `minted-${i}`));
      } catch (err) {
        if (err.code !== 'SB429') throw err;
        capped++;
        break;
      }
    }
    const statuses = {};
    const open = [];
    await Promise.all(
      minted.map(async (m, i) => {
        // Each endpoint follows a task of its own (another endpoint's task is not_found to it).
        const own = await post('/a2a', { jsonrpc: '2.0', id: 1, method: 'SendMessage',
          params: { message: { messageId: `minted-${i}`, role: 'ROLE_USER', parts: [{ data: { queue: 'a2a' } }] }, configuration: { returnImmediately: true } } },
          { authorization: `Bearer ${m.credential}`, 'a2a-version': '1.0' });
        const ownTask = own.status === 200 ? JSON.parse(own.text).result?.task?.id : null;
        if (!ownTask) return void (statuses[`file ${own.status}`] = (statuses[`file ${own.status}`] ?? 0) + 1);
        for (let k = 0; k < 8 && Date.now() < stop.at; k++) {
          const ac = new AbortController();
          const status = await new Promise((resolve) => {
            const req = request(`${base}/a2a`, {
              method: 'POST', agent,
              headers: { authorization: `Bearer ${m.credential}`, 'a2a-version': '1.0', 'content-type': 'application/json' },
              signal: ac.signal,
            }, (res) => {
              res.on('data', () => {});
              res.on('error', () => {});
              resolve(res.statusCode);
              if (res.statusCode !== 200) res.resume();
            });
            req.on('error', () => resolve(0));
            req.end(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'SubscribeToTask', params: { id: ownTask } }));
          });
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status === 200) open.push(ac);
        }
      }),
    );
    while (Date.now() < stop.at) await sleep(200);
    for (const ac of open) ac.abort();
    return `${minted.length} endpoints minted, then ${capped ? 'refused at the cap' : 'no cap met'}; ` +
      `streams: ${Object.entries(statuses).map(([k, v]) => `${v} HTTP ${k}`).join(', ')}`;
  });

  // Bodies over SWITCHBOARD_A2A_MAX_BODY_BYTES (and over the SDK's own 100 KB parser): refused with a JSON 413.
  await row('A2A oversize bodies', async (stop) => {
    const statuses = {};
    const big = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'SendMessage', params: { pad: 'x'.repeat(3 * 1024 * 1024) } });
    let json = 0;
    await Promise.all(
      [...Array(4)].map(async () => {
        while (Date.now() < stop.at) {
          const r = await rpc(big);
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
          if (/^\{"jsonrpc"/.test(r.text)) json++;
        }
      }),
    );
    return `3 MiB bodies: ${Object.entries(statuses).map(([k, v]) => `${v} HTTP ${k}`).join(', ')}, ${json} of them JSON`;
  });

  // Unknown credentials on /a2a: each request a bearer never seen, each a check of its own in the checks' lane.
  await row('A2A unknown credentials', async (stop) => {
    const statuses = {};
    let made = 0;
    await Promise.all(
      [...Array(S.strangers)].map(async () => {
        while (Date.now() < stop.at) {
          made++;
          const r = await rpc({ jsonrpc: '2.0', id: 4, method: 'GetTask', params: { id: taskId } },
            { authorization: `Bearer sbk_${randomBytes(24).toString('base64url')}` });
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        }
      }),
    );
    return `${S.strangers} loops, ${made} requests with a new bearer each: ${Object.entries(statuses).map(([k, v]) => `${v} HTTP ${k}`).join(', ')}`;
  });
}
await a2aRows();

// Forged signals: any login of the database may LISTEN and NOTIFY (PostgreSQL has no privilege for either). A login
// with no grants listens to the doorbell, then floods it with rings made from what it heard (an endpoint id, when a
// ring carries one; a replay of a ring as heard), a queue name alone, and made-up ones, while the attacker's endpoint
// holds its 8 long polls (SWITCHBOARD_MAX_WAITERS). Every ring that wakes a waiter costs a claim statement. The waits
// and the listening start before the row, so that its attack window is all flood.
if (wanted('forged NOTIFY')) {
  const name = `stranger_${randomBytes(4).toString('hex')}`;
  await sql.unsafe(`create role ${name} login`);
  const stranger = postgres(dbUrl.replace(/\/\/[^@/]*@/, `//${name}@`), { max: 1, onnotice: () => {} });
  cleanups.push(async () => {
    await stranger.end({ timeout: 2 });
    await sql.unsafe(`drop role if exists ${name}`);
  });
  const heard = [];
  await stranger.listen('switchboard_doorbell', (p) => heard.push(p));
  const sessions = (await Promise.all([...Array(8)].map(session))).filter((s) => s.id);
  const sockets = [];
  const waits = sessions.map((s, i) => post('/mcp', toolCall(i + 1, 'claim_next', { queue: 'forged', wait_seconds: 60 }), { 'mcp-session-id': s.id }, { sockets }));
  // A genuine ring of the attacker's endpoint, for the stranger to hear (on another queue: no waiter claims it). The
  // attacker's credential cannot add_todo; a row inserted ready rings through the insert trigger all the same.
  await sql`insert into switchboard.todos (endpoint_id, queue, max_attempts, run_at, ready_at)
            values (${attacker.id}::uuid, 'decoy', 5, now(), now())`;
  for (let i = 0; i < 50 && heard.length === 0; i++) await sleep(100);
  const genuine = heard[0] ?? '';
  let learned = null;
  try {
    learned = JSON.parse(genuine).endpoint ?? null;
  } catch {}
  const forged = [
    ...(learned ? [JSON.stringify({ queue: 'forged', endpoint: learned })] : []),
    JSON.stringify({ queue: 'forged' }),
    genuine,
    `${randomBytes(16).toString('hex')}.${randomBytes(16).toString('hex')}.${Date.now()}.1.${randomBytes(16).toString('hex')}`,
  ];
  const SETTLE = 11_000; // pg_stat_user_functions is flushed up to 10 s late by an idle backend
  await sleep(SETTLE);
  const commitsNow = async () => Number((await sql`select xact_commit from pg_stat_database where datname = current_database()`)[0].xact_commit);
  await row('forged NOTIFY', async (stop) => {
    const c0 = await claimNextCalls();
    const x0 = await commitsNow();
    const t0 = Date.now();
    let sent = 0;
    while (Date.now() < stop.at) {
      await stranger`select pg_notify('switchboard_doorbell', ${forged[sent % forged.length]})`;
      sent++;
    }
    const secs = (Date.now() - t0) / 1000;
    await sleep(SETTLE);
    const claims = (await claimNextCalls()) - c0;
    const commits = (await commitsNow()) - x0;
    for (const r of sockets) r.destroy();
    await Promise.allSettled(waits);
    return `a login with no grants sent ${sent} forged rings in ${secs.toFixed(0)} s (${learned ? 'it learned the endpoint id from a ring it heard' : 'no ring it heard named an id'}): ` +
      `${claims} claim_next calls by 8 waiting long polls; ${(commits / secs).toFixed(0)} commits/s in the database while it did (its own included)`;
  });
}

// --- the table ----------------------------------------------------------------------------------------------------
const f = (n) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const lines = [
  `abuse run (${CI ? '--ci' : 'full'} size), ${new Date().toISOString()}, serve on 127.0.0.1, ${S.seed} bulk todos` +
    Object.entries(process.env).filter(([k]) => /^SWITCHBOARD_(MCP|HTTP)_/.test(k)).map(([k, v]) => `, ${k}=${v}`).join(''),
  '',
  '| attack | what the attacker got | honest p50 / p99 before (ms) | during (ms) | p50 / p99 during ÷ before | RSS before → after (peak) (MiB) | server up |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.got} | ${f(r.before.p50)} / ${f(r.before.p99)} | ${f(r.during.p50)} / ${f(r.during.p99)}${r.during.errors ? ` (${r.during.errors} errors)` : ''} | ${f(r.during.p50 / r.before.p50)}× / ${f(r.during.p99 / r.before.p99)}× | ${r.rssBefore} → ${r.rssAfter} (${r.rssPeak}) | ${r.healthy ? 'yes' : 'NO'} |`,
  ),
  '',
  `RSS at the start ${rssStart} MiB, at the end ${rssMiB()} MiB, the highest seen ${Math.max(rssStart, ...rows.map((r) => r.rssPeak))} MiB.`,
];
console.log(lines.join('\n'));
prober.postMessage({ stop: true });
serve.kill('SIGTERM');
await new Promise((r) => (serve.exitCode !== null ? r() : serve.once('exit', r)));
await cleanup();
clearTimeout(watchdog);
process.exit(rows.every((r) => r.healthy) ? 0 : 1);
