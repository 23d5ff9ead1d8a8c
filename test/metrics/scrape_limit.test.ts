// /metrics answered at a bounded rate (issue 13): within the burst and the rate a scrape is answered as always; beyond
// them it waits its turn in a short queue, and a scrape beyond the queue, or one whose wait ends without a token, is
// refused 429 with Retry-After and a body naming the setting (never at once: its loop would come straight back). A
// scrape without the token spends none of the rate. The settings are validated, naming the variable.
// Rates are chosen so that no wall-clock figure is asserted: 1 a minute when nothing may be refilled during a test.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { loadConfig } from '../../src/config.js';
import { metricsHandler } from '../../src/metrics.js';
import type { ScrapeLimits } from '../../src/scrape-limit.js';
import { startServer } from '../../src/server.js';
import { operationsHooks } from '../../src/worker/hooks.js';
import { runCli } from '../cli/run.js';
import { fixture } from '../mcp/helpers.js';
import { until } from '../worker/helpers.js';

type Tap = Test;
const TOKEN = 'metrics-token-abcdefghij';
const auth = { headers: { authorization: `Bearer ${TOKEN}` } };

/** A plain node:http server in front of the handler, counting the scrapes that reached it. */
async function serveLimited(t: Tap, limits: ScrapeLimits) {
  const f = await fixture(t);
  const handler = metricsHandler(f.db.sql, { cacheMs: 0, limits });
  let arrived = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    arrived++;
    void handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  return { url, limiter: handler.limiter!, arrived: () => arrived };
}

/** Status, Retry-After and body of one scrape. */
async function scrape(url: string, init: RequestInit = {}) {
  const res = await fetch(url, init);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), type: res.headers.get('content-type'), body: await res.text() };
}

t.test('the configured server answers the burst, then 429 with Retry-After; a scrape without the token spends nothing', async (t) => {
  const f = await fixture(t);
  const config = loadConfig({
    SWITCHBOARD_METRICS_SCRAPES_PER_MINUTE: '1',
    SWITCHBOARD_METRICS_SCRAPE_BURST: '2',
    SWITCHBOARD_METRICS_QUEUE: '0',
    SWITCHBOARD_METRICS_TOKEN: TOKEN,
  });
  const ops = operationsHooks(config, { databaseUrl: f.db.url, worker: false });
  const server = await startServer({ config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0,
    mount: [ops.mount], onStart: ops.onStart, onStop: ops.onStop });
  t.teardown(() => server.stop(1000));
  const url = `${server.url}/metrics`;

  for (let i = 0; i < 5; i++) t.equal((await scrape(url)).status, 401, `scrape ${i + 1} without the token: 401`);
  const first = await scrape(url, auth);
  const second = await scrape(url, auth);
  t.equal(first.status, 200, 'the first scrape with the token is answered (the 401s spent no token)');
  t.match(first.body, /^# HELP switchboard_/m, 'with the metrics');
  t.equal(second.status, 200, 'so is the second: the burst is 2');
  const third = await scrape(url, auth);
  t.equal(third.status, 429, 'the third, beyond the burst with no queue, is refused');
  t.match(third.type, /^text\/plain/);
  t.match(third.retryAfter, /^[1-9]\d*$/, 'Retry-After: whole seconds');
  t.ok(Number(third.retryAfter) <= 60, 'no longer than one token takes at 1 a minute');
  t.match(third.body, /SWITCHBOARD_METRICS_SCRAPES_PER_MINUTE/, 'the body names the setting');
  t.ok(third.body.length < 300, 'a short body');
  t.equal((await scrape(url)).status, 401, 'without the token it is still 401, not 429');
  t.equal((await fetch(`${server.url}/healthz`)).status, 200, 'the server is fine');
});

t.test('beyond the rate a scrape waits its turn and is answered', async (t) => {
  // One token every 3 s: the second scrape finds the bucket empty and waits for the next token.
  const s = await serveLimited(t, { perMinute: 20, burst: 1, queue: 4, waitMs: 60_000 });
  t.equal((await scrape(s.url)).status, 200, 'the burst');
  const waited = await scrape(s.url);
  t.equal(waited.status, 200, 'the next one is answered too');
  t.match(waited.body, /^# HELP switchboard_/m);
  t.same(s.limiter.counts, { admitted: 1, waited: 1, refused: 0 }, 'after waiting for a token');
});

t.test('beyond the queue a scrape is held for the wait, then refused; a waiting scrape whose client hangs up leaves', async (t) => {
  // One token a minute: nothing is refilled during the test, so the queue stays full while it runs.
  const s = await serveLimited(t, { perMinute: 1, burst: 1, queue: 2, waitMs: 3000 });
  t.equal((await scrape(s.url)).status, 200, 'the burst');
  const hangups = [new AbortController(), new AbortController()];
  const waiting = hangups.map((h) => fetch(s.url, { signal: h.signal }).catch(() => 'aborted'));
  await until(async () => s.limiter.load().waiting === 2, 'two scrapes to wait');
  const refused = scrape(s.url);
  await until(async () => s.limiter.load().holding === 1, 'the third to be held');
  t.same(s.limiter.counts, { admitted: 1, waited: 0, refused: 0 }, 'not answered at once, so its loop cannot come straight back');
  for (const h of hangups) h.abort();
  t.same(await Promise.all(waiting), ['aborted', 'aborted']);
  await until(async () => s.limiter.load().waiting === 0, 'the hung-up scrapes to leave the queue');
  const r = await refused;
  t.equal(r.status, 429, 'the one beyond the queue is refused when its wait ends');
  t.match(r.body, /queue full/);
  t.match(r.body, /SWITCHBOARD_METRICS_QUEUE/);
  t.match(r.retryAfter, /^[1-9]\d*$/, 'Retry-After: whole seconds');
  t.same(s.limiter.counts, { admitted: 1, waited: 0, refused: 3 }, 'no token went to a closed socket');
  t.same(s.limiter.load(), { waiting: 0, holding: 0 });
});

t.test('Retry-After counts the scrapes still waiting ahead of a newcomer', async (t) => {
  const s = await serveLimited(t, { perMinute: 1, burst: 1, queue: 2, waitMs: 3000 });
  t.equal((await scrape(s.url)).status, 200, 'the burst');
  const first = scrape(s.url);
  await until(async () => s.limiter.load().waiting === 1, 'one scrape to wait');
  const second = scrape(s.url);
  await until(async () => s.limiter.load().waiting === 2, 'two scrapes to wait');
  const r = await first;
  t.equal(r.status, 429);
  t.match(r.body, /waited too long/);
  // When the first gives up the second still waits, and nothing was refilled: a newcomer is two tokens away.
  t.ok(Number(r.retryAfter) > 60 && Number(r.retryAfter) <= 120, `Retry-After counts the queue (${r.retryAfter})`);
  t.equal((await second).status, 429);
});

t.test('a scrape that waits longer than SWITCHBOARD_METRICS_QUEUE_WAIT_MS is refused with Retry-After', async (t) => {
  const s = await serveLimited(t, { perMinute: 1, burst: 1, queue: 4, waitMs: 20 });
  t.equal((await scrape(s.url)).status, 200, 'the burst');
  const late = await scrape(s.url);
  t.equal(late.status, 429);
  t.match(late.body, /waited too long/);
  t.match(late.retryAfter, /^[1-9]\d*$/);
  t.same(s.limiter.load(), { waiting: 0, holding: 0 }, 'it left the queue');
});

t.test('the settings have defaults and are validated, naming the variable', async (t) => {
  const d = loadConfig({});
  t.same(
    [d.SWITCHBOARD_METRICS_SCRAPES_PER_MINUTE, d.SWITCHBOARD_METRICS_SCRAPE_BURST, d.SWITCHBOARD_METRICS_QUEUE, d.SWITCHBOARD_METRICS_QUEUE_WAIT_MS],
    [600, 20, 64, 2000],
  );
  const bad: [string, string, RegExp][] = [
    ['SWITCHBOARD_METRICS_SCRAPES_PER_MINUTE', '0', /must be between 1 and 600000/],
    ['SWITCHBOARD_METRICS_SCRAPES_PER_MINUTE', 'lots', /must be a number/],
    ['SWITCHBOARD_METRICS_SCRAPE_BURST', '0', /must be between 1 and 10000/],
    ['SWITCHBOARD_METRICS_SCRAPE_BURST', '2.5', /must be a whole number/],
    ['SWITCHBOARD_METRICS_QUEUE', '-1', /must be between 0 and 10000/],
    ['SWITCHBOARD_METRICS_QUEUE_WAIT_MS', '60001', /must be between 0 and 60000/],
  ];
  for (const [variable, value, message] of bad) {
    t.throws(() => loadConfig({ [variable]: value }), { name: 'Error', variable, message }, `${variable}=${value}`);
  }
  const r = await runCli(['serve', '--port', '0', '--no-worker'], {
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
    SWITCHBOARD_METRICS_SCRAPES_PER_MINUTE: '0',
  });
  t.equal(r.code, 2, '`serve` with a bad value exits 2');
  t.match(r.stderr, /^switchboard: SWITCHBOARD_METRICS_SCRAPES_PER_MINUTE: must be between 1 and 600000/);
});
