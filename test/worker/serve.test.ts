// The operations hooks `switchboard serve` and `start` install: GET /metrics behind its token, the embedded
// worker (or none with --no-worker) on a pool of its own, and no write of instance settings (the admin's).
import t from 'tap';
import { startServer } from '../../src/server.js';
import { loadConfig } from '../../src/config.js';
import { operationsHooks } from '../../src/worker/hooks.js';
import { call, fixture } from '../mcp/helpers.js';
import { until } from './helpers.js';

const TOKEN = 'metrics-token-abcdefghij';

t.test('serve with the worker: /metrics behind its token, lapsed leases reaped by a pool of its own', async (t) => {
  const f = await fixture(t);
  const ops = operationsHooks(
    loadConfig({ SWITCHBOARD_METRICS_TOKEN: TOKEN, SWITCHBOARD_REAP_INTERVAL: '1', SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT: 'yes' }),
    { databaseUrl: f.db.url, worker: true },
  );
  const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0,
    mount: [ops.mount], onStart: ops.onStart, onStop: ops.onStop });
  t.teardown(() => server.stop(1000));

  const [{ value }] = await f.db.sql`select value from switchboard.settings where key = 'attempt_summary_from_result'`;
  t.equal(value, 'false', 'serve does not write SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT into the setting (migrate does, as the admin)');

  const ep = await f.vend(await f.owner('alice'), 'bot');
  const agent = await f.memoryClient(ep);
  const added = await call(agent, 'add_todo', { queue: 'builds' });
  await call(agent, 'claim_next', { queue: 'builds', lease_seconds: 1 });
  await until(async () => {
    const [r] = await f.db.sql`select state from switchboard.todos where id = ${added.doc.id}::uuid`;
    return r.state === 'pending';
  }, 'the embedded worker to reap the lapsed lease');

  const [{ n }] = await f.db.sql`select count(*)::int as n from pg_stat_activity
                                  where datname = current_database() and application_name = 'switchboard-worker'`;
  t.ok(n >= 1, 'the worker is connected');
  t.equal((await fetch(`${server.url}/metrics`)).status, 401, '/metrics without the token: 401');
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  t.equal(res.status, 200, 'with it: 200');
  const text = await res.text();
  t.match(text, /^switchboard_todo_attempts_closed_total\{queue="builds",outcome="reaped"\} 1$/m, 'the reaped attempt is counted');
  t.match(text, /^switchboard_todo_leases_expired_total\{queue="builds"\} 1$/m, 'as one expired lease');
});

t.test('serve --no-worker runs no worker', async (t) => {
  const f = await fixture(t);
  const ops = operationsHooks(loadConfig({}), { databaseUrl: f.db.url, worker: false });
  const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0,
    mount: [ops.mount], onStart: ops.onStart, onStop: ops.onStop });
  t.teardown(() => server.stop(1000));
  const [{ n }] = await f.db.sql`select count(*)::int as n from pg_stat_activity
                                  where datname = current_database() and application_name = 'switchboard-worker'`;
  t.equal(n, 0, 'no worker connection');
  t.equal((await fetch(`${server.url}/metrics`)).status, 200, '/metrics is served, open without a token');
  const [{ value }] = await f.db.sql`select value from switchboard.settings where key = 'attempt_summary_from_result'`;
  t.equal(value, 'false', 'and the summary-from-result switch is off');
});
