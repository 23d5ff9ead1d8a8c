// Bounded MCP over HTTP (issue 13): sessions capped per credential and overall, idle ones evicted, a refused
// credential's sessions closed at once, a per-credential share of the pool (batches count call by call), and
// concurrent requests of one credential sharing one credential check.
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { doorbellFor } from '../../src/doorbell.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { until } from '../worker/helpers.js';
import { type Fixture, fixture, holdEndpoints } from './helpers.js';

type Tap = Parameters<Parameters<typeof t.test>[1]>[0];

async function serve(t: Tap, f: Fixture, env: Record<string, string>): Promise<RunningServer> {
  const config = loadConfig(env);
  const server = await startServer({ config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));
  return server;
}

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

function client(url: string, credential: string) {
  const headers = (session?: string): Record<string, string> => ({
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    authorization: `Bearer ${credential}`,
    ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' } : {}),
  });
  return {
    post: (body: unknown, session?: string) => fetch(`${url}/mcp`, { method: 'POST', headers: headers(session), body: JSON.stringify(body) }),
    async open(): Promise<string> {
      const res = await fetch(`${url}/mcp`, { method: 'POST', headers: headers(), body: JSON.stringify(initialize) });
      if (res.status !== 200) throw new Error(`initialize: ${res.status} ${await res.text()}`);
      await res.text();
      const session = res.headers.get('mcp-session-id')!;
      const done = await fetch(`${url}/mcp`, {
        method: 'POST',
        headers: headers(session),
        body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      });
      await done.text();
      return session;
    },
    close: (session: string) => fetch(`${url}/mcp`, { method: 'DELETE', headers: headers(session) }),
  };
}

const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

t.test('sessions are capped per credential and overall, with 429 and a JSON-RPC error naming the setting', async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const b = await f.vend(await f.owner('bob'), 'b');
  const server = await serve(t, f, { SWITCHBOARD_MCP_SESSIONS_PER_CREDENTIAL: '2', SWITCHBOARD_MCP_SESSIONS_MAX: '3' });
  const ca = client(server.url, a.credential);
  const cb = client(server.url, b.credential);
  const first = await ca.open();
  await ca.open();
  const third = await ca.post(initialize);
  t.equal(third.status, 429, "a third session for a's credential: 429");
  t.equal(third.headers.get('retry-after'), '60');
  t.match(await third.json(), { jsonrpc: '2.0', error: { code: -32000, message: /^throttled: .*SWITCHBOARD_MCP_SESSIONS_PER_CREDENTIAL/ } });
  t.notOk(third.headers.get('mcp-session-id'), 'and no session');

  await cb.open();
  const over = await cb.post(initialize);
  t.equal(over.status, 429, 'the overall cap holds for another tenant too');
  t.match(await over.json(), { error: { message: /SWITCHBOARD_MCP_SESSIONS_MAX/ } });
  t.equal(server.mcp.sessionCount(), 3);

  t.equal((await ca.close(first)).status, 200, 'a closes one of its sessions');
  t.equal(server.mcp.sessionCount(), 2);
  await cb.open();
  t.equal(server.mcp.sessionCount(), 3, 'and the room it made is usable');
});

t.test('an idle session is evicted; its id is then unknown', async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const server = await serve(t, f, { SWITCHBOARD_MCP_SESSION_IDLE_SECONDS: '1' });
  const ca = client(server.url, a.credential);
  const session = await ca.open();
  t.equal(server.mcp.sessionCount(), 1);
  for (let i = 0; i < 100 && server.mcp.sessionCount() > 0; i++) await new Promise((r) => setTimeout(r, 100));
  t.equal(server.mcp.sessionCount(), 0, 'evicted');
  const res = await ca.post({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }, session);
  t.equal(res.status, 404, 'the evicted session is not found');
});

t.test("a revoked or rotated-out credential's sessions are closed at its first refused request", async (t) => {
  const f = await fixture(t);
  const owner = await f.owner('alice');
  const a = await f.vend(owner, 'a');
  const b = await f.vend(owner, 'b');
  const server = await serve(t, f, {});
  const ca = client(server.url, a.credential);
  const [s1, s2] = [await ca.open(), await ca.open()];
  await client(server.url, b.credential).open();
  t.equal(server.mcp.sessionCount(), 3);
  await f.db.sql`select switchboard.revoke_endpoint(${owner}::uuid, ${a.endpoint_id}::uuid)`;
  const refused = await ca.post({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }, s1);
  t.equal(refused.status, 401, 'the revoked credential is refused on its next request');
  t.equal(server.mcp.sessionCount(), 1, "both of a's sessions are closed; b's stays");
  t.equal((await ca.post({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} }, s2)).status, 401);

  const c = await f.vend(owner, 'c');
  const cc = client(server.url, c.credential);
  const s3 = await cc.open();
  const [{ doc }] = await f.db.sql`select switchboard.rotate_credential(${owner}::uuid, ${c.endpoint_id}::uuid, 0) as doc`;
  t.equal((await cc.post({ jsonrpc: '2.0', id: 4, method: 'tools/list', params: {} }, s3)).status, 401, 'rotated out: 401');
  t.equal(server.mcp.sessionCount(), 1, "and the rotated-out credential's session is closed");
  await client(server.url, doc.credential).open();
  t.equal(server.mcp.sessionCount(), 2, 'the new credential opens a session');
});

t.test('per-credential fairness: bounded concurrent database calls, a short queue, then 429; other tenants unaffected', async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const b = await f.vend(await f.owner('bob'), 'b');
  const server = await serve(t, f, {
    SWITCHBOARD_MCP_CALLS_PER_CREDENTIAL: '2',
    SWITCHBOARD_MCP_QUEUE_PER_CREDENTIAL: '2',
    SWITCHBOARD_MCP_QUEUE_WAIT_MS: '200',
  });
  const ca = client(server.url, a.credential);
  const cb = client(server.url, b.credential);
  const sa = await ca.open();
  const sb = await cb.open();

  // Hold the todos table so a's add_todo calls stay in flight.
  const lock = await f.db.sql.reserve();
  await lock`begin`;
  await lock`lock table switchboard.todos in exclusive mode`;
  const inFlight = [1, 2, 3, 4].map((i) => ca.post(toolCall(10 + i, 'add_todo', { queue: 'q' }), sa).then(async (r) => ({ status: r.status, text: await r.text() })));
  const waitingOnLock = async () =>
    (await f.db.sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)[0].n as number;
  for (let i = 0; i < 200 && (server.mcp.gate.load(a.endpoint_id).admitted < 4 || (await waitingOnLock()) < 2); i++) {
    await new Promise((r) => setTimeout(r, 25));
  }
  t.same(server.mcp.gate.load(a.endpoint_id), { running: 2, admitted: 4 }, 'two calls run, two wait their turn');
  t.equal(await waitingOnLock(), 2, 'only two of them reached the database');

  const fifth = await ca.post(toolCall(20, 'add_todo', { queue: 'q' }), sa);
  t.equal(fifth.status, 429, 'a fifth call, with no room within the wait: 429');
  t.ok(fifth.headers.get('retry-after'), 'with Retry-After');
  t.match(await fifth.json(), { error: { code: -32000, message: /^throttled: .*SWITCHBOARD_MCP_CALLS_PER_CREDENTIAL/ } });
  const batch = await ca.post([1, 2, 3, 4, 5].map((i) => toolCall(30 + i, 'list_todos', {})), sa);
  t.equal(batch.status, 429, 'a batch of five tool calls counts five, more than the credential may ever queue');
  await batch.text();

  const other = await cb.post(toolCall(40, 'list_todos', {}), sb);
  t.equal(other.status, 200, "another tenant's call is answered while a is saturated");
  t.match(await other.text(), /"todos":\[\]/);

  await lock`commit`;
  lock.release();
  const answers = await Promise.all(inFlight);
  t.same(answers.map((x) => x.status), [200, 200, 200, 200], "a's four admitted calls complete");
  const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.todos`;
  t.equal(n, 4, 'exactly the four admitted add_todo calls created todos');
  t.same(server.mcp.gate.load(a.endpoint_id), { running: 0, admitted: 0 }, 'and every slot is returned');
});

t.test("revoking an endpoint, or rotating its credential with no overlap, closes its sessions at once; others stay", async (t) => {
  const f = await fixture(t);
  const owner = await f.owner('alice');
  const a = await f.vend(owner, 'a');
  const b = await f.vend(owner, 'b');
  const server = await serve(t, f, {});
  const ca = client(server.url, a.credential);
  const cb = client(server.url, b.credential);
  await ca.open();
  await ca.open();
  const kept = await cb.open();
  t.equal(server.mcp.sessionCount(), 3);
  const gone = async (n: number) => {
    // Within a second, with no request on those sessions: the NOTIFY of the committed revoke closes them.
    for (let i = 0; i < 10 && server.mcp.sessionCount() > n; i++) await new Promise((r) => setTimeout(r, 100));
    return server.mcp.sessionCount();
  };
  await f.db.sql`select switchboard.revoke_endpoint(${owner}::uuid, ${a.endpoint_id}::uuid)`;
  t.equal(await gone(1), 1, "the revoked endpoint's two sessions are closed within a second");
  const res = await cb.post({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }, kept);
  t.equal(res.status, 200, "another endpoint's session goes on");
  await f.db.sql`select switchboard.rotate_credential(${owner}::uuid, ${b.endpoint_id}::uuid, overlap_seconds => 0)`;
  t.equal(await gone(0), 0, 'a rotation with no overlap closes the sessions of the replaced credential too');
});

t.test('a request in flight when its session closes is answered: 401 on revocation, 404 when its client ends the session', async (t) => {
  const f = await fixture(t);
  const owner = await f.owner('alice');
  const a = await f.vend(owner, 'a');
  const b = await f.vend(owner, 'b');
  const server = await serve(t, f, {});
  const ca = client(server.url, a.credential);
  const cb = client(server.url, b.credential);
  const sa = await ca.open();
  const sb = await cb.open();
  const bell = await doorbellFor(f.ctx.sql);
  const inFlight = () => bell.held(a.endpoint_id) + bell.held(b.endpoint_id);
  // Long polls on empty queues: without the fix neither would ever be answered once its session closed.
  const pollA = ca.post(toolCall(1, 'claim_next', { queue: 'empty', wait_seconds: 60 }), sa);
  const pollB = cb.post(toolCall(2, 'claim_next', { queue: 'empty', wait_seconds: 60 }), sb);
  await until(async () => inFlight() === 2, 'both long polls to be waiting');

  await f.db.sql`select switchboard.revoke_endpoint(${owner}::uuid, ${a.endpoint_id}::uuid)`;
  const revoked = await pollA;
  t.equal(revoked.status, 401, "a's long poll is answered once its endpoint is revoked");
  t.match(revoked.headers.get('www-authenticate'), /invalid_token/);
  t.match(await revoked.json(), { jsonrpc: '2.0', error: { code: -32001, message: /^Unauthorized: the credential was revoked or rotated out/ } });

  await cb.close(sb);
  const ended = await pollB;
  t.equal(ended.status, 404, "b's long poll is answered when b ends its own session");
  t.match(await ended.json(), { error: { code: -32001, message: 'Session not found' } });
  t.equal(server.mcp.sessionCount(), 0);
});

t.test('requests carrying one credential while its check is under way share that check: one connection, not one each', async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const b = await f.vend(await f.owner('bob'), 'b');
  const server = await serve(t, f, {});
  let arrived = 0;
  server.http.on('request', () => arrived++);

  // Every credential check reads the endpoints table: held, each check in flight waits on its own pool connection.
  const lock = await holdEndpoints(t, f);

  const ca = client(server.url, a.credential);
  const opened = Array.from({ length: 10 }, () => ca.post(initialize));
  const other = client(server.url, b.credential).post(initialize);
  // The check starts synchronously as a request is dispatched, so once all eleven have arrived all have asked.
  await until(async () => arrived === 11, 'all eleven requests to arrive');
  const waiting = await until(async () => {
    const n = await lock.waiting();
    return n >= 2 ? n : null;
  }, 'the checks to wait on the lock');
  t.equal(waiting, 2, "ten requests of a's credential wait on one check, b's on its own (the pool holds 4)");

  await lock.release();
  t.same((await Promise.all(opened)).map((r) => r.status), Array(10).fill(200), 'all ten are answered by the shared check');
  t.equal((await other).status, 200, "and b's");
  t.equal(server.mcp.sessionCount(), 11);
});
