// Long polls over real MCP HTTP: keyed to the caller's endpoint, capped per credential (SWITCHBOARD_MAX_WAITERS,
// then a `throttled` tool error), and ended when the client's HTTP request goes away.
import { request } from 'node:http';
import postgres from 'postgres';
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { closeDoorbell, doorbellFor, listenState } from '../../src/doorbell.js';
import { startServer } from '../../src/server.js';
import { ADMIN_URL } from '../helpers/db.js';
import { call, fixture, httpClient } from '../mcp/helpers.js';
import { until } from '../worker/helpers.js';

t.test('over HTTP: the cap answers throttled, and a client that hangs up stops its wait', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'relay');
  const server = await startServer({ config: loadConfig({ SWITCHBOARD_MAX_WAITERS: '2' }), sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));
  const bell = await doorbellFor(f.ctx.sql);
  const agent = await httpClient(server.url, ep.credential);
  t.teardown(() => agent.close());

  const first = call(agent, 'claim_next', { queue: 'builds', wait_seconds: 50 });
  await until(async () => bell.held(ep.endpoint_id) === 1, 'the first wait');

  // A raw tools/call on the same session, whose client then hangs up mid-wait.
  const sessionId = (agent.transport as { sessionId?: string }).sessionId!;
  const body = JSON.stringify({ jsonrpc: '2.0', id: 'raw-1', method: 'tools/call', params: { name: 'claim_next', arguments: { queue: 'builds', wait_seconds: 50 } } });
  const raw = request(`${server.url}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ep.credential}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': sessionId },
  });
  raw.on('error', () => {});
  raw.end(body);
  await until(async () => bell.held(ep.endpoint_id) === 2, 'the raw wait');

  const third = await call(agent, 'claim_next', { queue: 'builds', wait_seconds: 50 });
  t.equal(third.isError, true, 'a third wait of the same credential is refused');
  t.equal(third.doc.error, 'throttled');

  raw.destroy();
  await until(async () => bell.held(ep.endpoint_id) === 1, 'the hung-up wait to end at once');

  const [{ id }] = await f.db.sql`select switchboard.add_todo(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'builds'::text)->>'id' as id`;
  t.equal((await first).doc.id, id, 'the remaining waiter gets the todo');
  const [{ attempts }] = await f.db.sql`select count(*)::int as attempts from switchboard.todo_attempts`;
  t.equal(attempts, 1, 'the hung-up wait claimed nothing');
});

/** A raw tools/call claim_next long poll; `sdk` adds params._meta, which sends it through the SDK's Protocol. */
function rawWait(url: string, credential: string, sdk: boolean) {
  const params = { name: 'claim_next', arguments: { queue: 'builds', wait_seconds: 50 }, ...(sdk ? { _meta: {} } : {}) };
  const req = request(`${url}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  });
  const answer = new Promise<string>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c));
      res.on('end', () => resolve(body));
    });
    req.on('error', () => resolve(''));
  });
  req.end(JSON.stringify({ jsonrpc: '2.0', id: 'w', method: 'tools/call', params }));
  return { req, answer };
}

t.test('a long poll through the SDK (a call with _meta) also stops at once when its client hangs up', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'relay');
  const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));
  const bell = await doorbellFor(f.ctx.sql);
  const wait = rawWait(server.url, ep.credential, true);
  await until(async () => bell.held(ep.endpoint_id) === 1, 'the wait');
  wait.req.destroy();
  await until(async () => bell.held(ep.endpoint_id) === 0, 'the hung-up wait to end at once');
  await f.db.sql`select switchboard.add_todo(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'builds'::text)`;
  const [{ attempts }] = await f.db.sql`select count(*)::int as attempts from switchboard.todo_attempts`;
  t.equal(attempts, 0, 'it claimed nothing');
});

t.test("a client's notifications/cancelled cancels nothing of another's, whatever ids it names", async (t) => {
  const f = await fixture(t);
  const victim = await f.vend(await f.owner('alice'), 'relay');
  const hostile = await f.vend(await f.owner('mallory'), 'prober');
  const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));
  const bell = await doorbellFor(f.ctx.sql);
  // One wait through the SDK's Protocol and one beside it: the server's own request ids are small integers.
  const waits = [rawWait(server.url, victim.credential, true), rawWait(server.url, victim.credential, false)];
  await until(async () => bell.held(victim.endpoint_id) === 2, 'both waits');
  const cancels = Array.from({ length: 200 }, (_, i) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: i, reason: 'x' } }));
  const res = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${hostile.credential}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(cancels.slice(0, 100)),
  });
  t.equal(res.status, 202, 'the notifications are taken');
  const own = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${victim.credential}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(cancels.slice(100)),
  });
  t.equal(own.status, 202);
  t.equal(bell.held(victim.endpoint_id), 2, 'both waits still wait');
  await f.db.sql`select switchboard.add_todo(endpoint_id => ${victim.endpoint_id}::uuid, queue => 'builds'::text)`;
  await f.db.sql`select switchboard.add_todo(endpoint_id => ${victim.endpoint_id}::uuid, queue => 'builds'::text)`;
  const answers = await Promise.all(waits.map((w) => w.answer));
  for (const a of answers) t.match(JSON.parse(a), { id: 'w', result: { structuredContent: { state: 'claimed' } } }, 'each wait got its todo');
});

t.test('the doorbell a long poll opens keeps SWITCHBOARD_SIGNAL_MAX_AGE_SECONDS: a ring from a transaction open a second wakes it', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'relay');
  // Given a pool, the server opens no doorbell of its own: the first long poll opens it, with the tools' settings.
  const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));
  t.equal(await listenState(f.ctx.sql), 'none', 'no doorbell before the first long poll');
  const wait = rawWait(server.url, ep.credential, false);
  await until(async () => (await listenState(f.ctx.sql)) === 'listening', 'the long poll to open the doorbell');
  const bell = await doorbellFor(f.ctx.sql);
  await until(async () => bell.held(ep.endpoint_id) === 1, 'the wait');
  // A ring is stamped when its transaction began, by the database's clock: this one arrives a second old, well within
  // the default 120 s (a setting read as milliseconds, or divided instead of multiplied, would call it stale).
  await f.db.sql.begin(async (tx) => {
    await tx`select switchboard.add_todo(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'builds'::text)`;
    await tx`select pg_sleep(1)`;
  });
  t.match(JSON.parse(await wait.answer), { id: 'w', result: { structuredContent: { state: 'claimed' } } }, 'the wait got the todo');
  t.same(bell.counts, { rings: 1, refused: 0 }, 'woken by the ring, which was taken, not refused as stale');
});

t.test("a doorbell a long poll opens (the server's own could not LISTEN at start) logs through the server's logger", async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'relay');
  // A server on its own pool, whose doorbell is gone as if its first LISTEN had failed: the next long poll opens one.
  const server = await startServer({ config: { ...f.ctx.config, DATABASE_URL: f.db.url }, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));
  await until(async () => (await listenState(server.ctx.sql)) === 'listening', "the server's doorbell");
  await closeDoorbell(server.ctx.sql);
  t.equal(await listenState(server.ctx.sql), 'none', 'no doorbell now');
  const wait = rawWait(server.url, ep.credential, false);
  await until(async () => (await listenState(server.ctx.sql)) === 'listening', 'the long poll to open a doorbell');
  // Its LISTEN connection dropped while new connections are refused (so postgres.js's own re-LISTEN gives up): the
  // doorbell replaces it and says so (as test/doorbell/failover.test.ts drives it), in the server's log, at its level.
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  t.teardown(() => admin.end({ timeout: 2 }));
  await admin.unsafe(`alter database ${f.db.name} set session_preload_libraries = 'switchboard_no_such_library'`);
  await f.db.sql`select pg_terminate_backend(pid) from pg_stat_activity
                  where datname = current_database() and application_name = 'switchboard-listen'`;
  await until(async () => f.logLines().some((l) => l.msg === 'doorbell: LISTEN lost; reconnecting'), 'the loss in the server log');
  await admin.unsafe(`alter database ${f.db.name} reset session_preload_libraries`);
  await until(async () => f.logLines().some((l) => l.msg === 'doorbell: listening again'), 'the return in the server log');
  t.pass("the lost LISTEN and its return are in the server's log");
  await f.db.sql`select switchboard.add_todo(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'builds'::text)`;
  t.match(JSON.parse(await wait.answer), { id: 'w', result: { structuredContent: { state: 'claimed' } } }, 'and the wait still gets its todo');
});
