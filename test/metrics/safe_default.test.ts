// /metrics safe by default: a token is required to listen beyond loopback, scrapes read on one connection of
// their own (never the tool calls' pool), concurrent scrapes share one read, and an answer is reused for the
// cache interval.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import postgres from 'postgres';
import { ConfigError, loadConfig } from '../../src/config.js';
import { metricsHandler } from '../../src/metrics.js';
import { startServer } from '../../src/server.js';
import { operationsHooks } from '../../src/worker/hooks.js';
import { runCli } from '../cli/run.js';
import { ADMIN_URL } from '../helpers/db.js';
import { call, fixture } from '../mcp/helpers.js';
import { until } from '../worker/helpers.js';

const TOKEN = 'metrics-token-abcdefghij';
const auth = { headers: { authorization: `Bearer ${TOKEN}` } };

t.test('listening beyond loopback without SWITCHBOARD_METRICS_TOKEN is refused, naming it', async (t) => {
  const none = loadConfig({});
  for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.internal', '::ffff:c0a8:10a', '::ffff:0.0.0.0']) {
    t.throws(
      () => operationsHooks(none, { databaseUrl: 'postgres://x@127.0.0.1/x', worker: false, host }),
      { name: 'Error', variable: 'SWITCHBOARD_METRICS_TOKEN' },
      `${host}: refused`,
    );
  }
  for (const host of ['127.0.0.1', '127.0.0.2', '::1', 'localhost', '::ffff:7f00:2', '0:0:0:0:0:ffff:127.0.0.2', '0:0:0:0:0:0:0:1']) {
    t.doesNotThrow(() => operationsHooks(none, { databaseUrl: 'postgres://x@127.0.0.1/x', worker: false, host }), `${host}: fine`);
  }
  t.doesNotThrow(
    () => operationsHooks(loadConfig({ SWITCHBOARD_METRICS_TOKEN: TOKEN }), { databaseUrl: 'postgres://x@127.0.0.1/x', worker: false, host: '0.0.0.0' }),
    '0.0.0.0 with a token: fine',
  );
  t.ok(new ConfigError('X', 'y') instanceof Error);
});

t.test('on loopback too, the token is required once a public URL or a trusted proxy is configured', async (t) => {
  const hooks = (host: string, env: Record<string, string>) =>
    operationsHooks(loadConfig(env), { databaseUrl: 'postgres://x@127.0.0.1/x', worker: false, host });
  for (const host of ['127.0.0.1', '::1', 'localhost']) {
    t.throws(() => hooks(host, { SWITCHBOARD_PUBLIC_URL: 'https://switchboard.example' }), { variable: 'SWITCHBOARD_METRICS_TOKEN', message: /SWITCHBOARD_PUBLIC_URL is set/ }, `${host} behind a public URL: refused`);
    t.throws(() => hooks(host, { SWITCHBOARD_TRUST_PROXY: 'true' }), { variable: 'SWITCHBOARD_METRICS_TOKEN', message: /SWITCHBOARD_TRUST_PROXY is on/ }, `${host} behind a trusted proxy: refused`);
  }
  t.doesNotThrow(
    () => hooks('127.0.0.1', { SWITCHBOARD_PUBLIC_URL: 'https://switchboard.example', SWITCHBOARD_TRUST_PROXY: 'true', SWITCHBOARD_METRICS_TOKEN: TOKEN }),
    'with a token: fine',
  );
  const r = await runCli(['serve', '--port', '0', '--no-worker'], { DATABASE_URL: ADMIN_URL, SWITCHBOARD_TRUST_PROXY: 'true' });
  t.equal(r.code, 2, '`serve` on loopback behind a trusted proxy without a token stops with status 2');
  t.match(r.stderr, /^switchboard: SWITCHBOARD_METRICS_TOKEN: required when SWITCHBOARD_TRUST_PROXY is on/);
});

t.test('`serve --host 0.0.0.0` without a token stops with status 2 and names the variable', async (t) => {
  const r = await runCli(['serve', '--host', '0.0.0.0', '--port', '0', '--no-worker'], { DATABASE_URL: ADMIN_URL });
  t.equal(r.code, 2);
  t.match(r.stderr, /^switchboard: SWITCHBOARD_METRICS_TOKEN: required when listening on 0\.0\.0\.0/);
});

t.test('scrapes read on one connection of their own, share one read, and leave the tool calls alone', async (t) => {
  const f = await fixture(t);
  const ops = operationsHooks(loadConfig({ SWITCHBOARD_METRICS_TOKEN: TOKEN, SWITCHBOARD_METRICS_CACHE_SECONDS: '0' }), {
    databaseUrl: f.db.url,
    worker: false,
  });
  const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0,
    mount: [ops.mount], onStart: ops.onStart, onStop: ops.onStop });
  t.teardown(() => server.stop(1000));
  const agent = await f.memoryClient(await f.vend(await f.owner('alice'), 'bot'));
  await call(agent, 'add_todo', { queue: 'builds' });

  // Hold the counters table so every scrape's read waits behind this lock.
  const holder = postgres(f.db.url, { max: 1, onnotice: () => {} });
  t.teardown(() => holder.end({ timeout: 2 }));
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const tx = holder.begin(async (sql) => {
    await sql`lock table switchboard.attempt_close_counts in access exclusive mode`;
    locked();
    await held;
  });
  await isLocked;

  const scrapes = Array.from({ length: 10 }, () => fetch(`${server.url}/metrics`, auth));
  const waiting = await until(async () => {
    const rows = await f.db.sql`select application_name, wait_event_type from pg_stat_activity
                                 where datname = current_database() and application_name = 'switchboard-metrics'`;
    return rows.some((r) => r.wait_event_type === 'Lock') ? rows : null;
  }, 'the scrape read to wait on the lock');
  t.equal(waiting.length, 1, 'ten scrapes at once: one metrics connection');

  // The tool calls' pool is untouched by the stuck scrapes.
  const added = await call(agent, 'add_todo', { queue: 'builds' });
  t.equal(added.isError, false, 'a tool call answers while every scrape is stuck');

  release();
  await tx;
  const answers = await Promise.all(scrapes);
  t.same(answers.map((r) => r.status), Array(10).fill(200), 'all ten scrapes answered');
  const bodies = new Set(await Promise.all(answers.map((r) => r.text())));
  t.equal(bodies.size, 1, 'with the same answer');
});

t.test('scrapes that arrive while a read is under way share it: one query for ten scrapes', async (t) => {
  const f = await fixture(t);
  let queries = 0;
  const sql = postgres(f.db.url, { max: 1, onnotice: () => {}, debug: () => void queries++ });
  t.teardown(() => sql.end({ timeout: 2 }));
  const handler = metricsHandler(sql, { cacheMs: 0 });
  let arrived = 0;
  const server = createServer((req, res) => {
    arrived++;
    void handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  await sql`select 1`;
  queries = 0;

  const holder = postgres(f.db.url, { max: 1, onnotice: () => {} });
  t.teardown(() => holder.end({ timeout: 2 }));
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const tx = holder.begin(async (q) => {
    await q`lock table switchboard.attempt_close_counts in access exclusive mode`;
    locked();
    await held;
  });
  await isLocked;
  const scrapes = Array.from({ length: 10 }, () => fetch(url));
  await until(async () => {
    const [r] = await f.db.sql`select count(*)::int as n from pg_locks where not granted
                                and relation = 'switchboard.attempt_close_counts'::regclass`;
    return r.n > 0;
  }, 'the read to wait on the lock');
  // Every scrape has reached the server before the read is let go.
  await until(async () => arrived >= 10, 'all ten scrapes to arrive');
  release();
  await tx;
  t.same((await Promise.all(scrapes)).map((r) => r.status), Array(10).fill(200));
  t.equal(queries, 1, 'one database query answered all ten');
  await (await fetch(url)).text();
  t.equal(queries, 2, 'a later scrape (no cache) reads again');
});

t.test('an answer is reused for SWITCHBOARD_METRICS_CACHE_SECONDS; 0 reads every time', async (t) => {
  const f = await fixture(t);
  const agent = await f.memoryClient(await f.vend(await f.owner('alice'), 'bot'));
  const serve = async (cacheSeconds: string) => {
    const ops = operationsHooks(loadConfig({ SWITCHBOARD_METRICS_TOKEN: TOKEN, SWITCHBOARD_METRICS_CACHE_SECONDS: cacheSeconds }), {
      databaseUrl: f.db.url,
      worker: false,
    });
    const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0,
      mount: [ops.mount], onStart: ops.onStart, onStop: ops.onStop });
    t.teardown(() => server.stop(1000));
    return async () => (await fetch(`${server.url}/metrics`, auth)).text();
  };
  const cached = await serve('300');
  const fresh = await serve('0');
  await call(agent, 'add_todo', { queue: 'builds' });
  t.match(await cached(), /queue="builds"/);
  t.match(await fresh(), /queue="builds"/);
  await call(agent, 'add_todo', { queue: 'docs' });
  t.notMatch(await cached(), /queue="docs"/, 'within the cache interval the earlier answer is served');
  t.match(await fresh(), /queue="docs"/, 'with no cache the new queue shows at once');
});
