// Limits and back-pressure at the HTTP layer: an oversized or malformed body gets a JSON answer (413/400), the
// pool never opens more sessions than its bound, and a slow or dead database fails calls with a retryable error.
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { createPool } from '../../src/db.js';
import { createLedger } from '../../src/ledger.js';
import { createLogger } from '../../src/log.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { startServer } from '../../src/server.js';
import { freshDatabase } from '../helpers/db.js';
import { call, httpClient } from '../mcp/helpers.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';

const silent = createLogger({ level: 'silent' });
// express.json's limit in src/mcp/http.ts.
const MAX_BODY_BYTES = 512 * 1024;

async function world(t: Tap) {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const [o] = await db.sql`select switchboard.add_owner('lim') as doc`;
  const [e] = await db.sql`select switchboard.vend_endpoint(${o.doc.owner_id}::uuid, 'a1') as doc`;
  return { db, endpoint: e.doc as { endpoint_id: string; owner_id: string; agent_id: string; verbs: string[]; credential: string } };
}
type Tap = { teardown(fn: () => unknown): void };

t.test('an oversized body is 413 JSON and a malformed one 400 JSON; without a credential the body is never read', async (t) => {
  const { db, endpoint } = await world(t);
  const server = await startServer({ config: loadConfig({ DATABASE_URL: db.url }), log: silent, port: 0 });
  t.teardown(() => server.stop(1000));
  const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add_todo', arguments: { queue: 'q', payload: 'x'.repeat(MAX_BODY_BYTES) } } });
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const res = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { ...headers, authorization: `Bearer ${endpoint.credential}` }, body: big });
  t.equal(res.status, 413);
  t.match(res.headers.get('content-type'), /application\/json/);
  t.same(await res.json(), {
    jsonrpc: '2.0',
    error: { code: -32700, message: 'Request body too large (at most 524288 bytes, SWITCHBOARD_HTTP_MAX_BODY_BYTES)' },
    id: null,
  });
  const anon = await fetch(`${server.url}/mcp`, { method: 'POST', headers, body: big });
  t.equal(anon.status, 401, 'without a credential: 401, the body is not read');
  const bad = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${endpoint.credential}` },
    body: '{"jsonrpc": "2.0", ',
  });
  t.equal(bad.status, 400);
  const text = await bad.text();
  t.same(JSON.parse(text), { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null });
  t.notMatch(text, /at .*\.js/, 'no stack trace');
  const [{ n }] = await db.sql`select count(*)::int as n from switchboard.todos`;
  t.equal(n, 0);
});

t.test('the pool stays within its bound under 60 concurrent calls, and every call is answered', async (t) => {
  const { db, endpoint } = await world(t);
  const server = await startServer({
    config: loadConfig({ DATABASE_URL: db.url, SWITCHBOARD_DB_POOL_MAX: '3' }),
    log: silent,
    port: 0,
  });
  t.teardown(() => server.stop(1000));
  const client = await httpClient(server.url, endpoint.credential);
  t.teardown(() => client.close());
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const [{ n }] = await db.sql`select count(*)::int as n from pg_stat_activity where datname = ${db.name} and application_name = 'switchboard'`;
      peak = Math.max(peak, n);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const results = await Promise.all(Array.from({ length: 60 }, (_, i) => call(client, 'add_todo', { queue: 'burst', payload: { i } })));
  sampling = false;
  await sampler;
  t.equal(results.filter((r) => !r.isError).length, 60, 'all 60 calls succeeded');
  // The pool's 3, plus the one LISTEN connection postgres.js keeps for it (revoked credentials, the doorbell).
  t.ok(peak >= 1 && peak <= 4, `at most 3 pool sessions and the LISTEN connection at once (saw ${peak})`);
});

t.test('a slow database (a lock held past statement_timeout) fails the call with a retryable error', async (t) => {
  const { db, endpoint } = await world(t);
  const sql = createPool(db.url, { max: 2, statementTimeoutMs: 300 });
  t.teardown(() => sql.end({ timeout: 5 }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer({ sql, ledger: createLedger(sql), log: silent, config: loadConfig({}), endpoint, credential: endpoint.credential });
  await server.connect(serverSide);
  const client = new Client({ name: 'slow', version: '1' });
  await client.connect(clientSide);
  t.teardown(() => client.close());
  const blocker = await db.sql.reserve();
  await blocker`begin`;
  await blocker`lock table switchboard.todos in access exclusive mode`;
  const slow = await call(client, 'add_todo', { queue: 'q' });
  await blocker`rollback`;
  blocker.release();
  t.equal(slow.isError, true);
  t.same(slow.doc, { error: 'unavailable', message: 'unavailable: the database is unavailable or busy; retry shortly' });
  t.match(String((slow.result.content[0] as { text: string }).text), /Recovery: Retry in a few seconds/);
  const again = await call(client, 'add_todo', { queue: 'q' });
  t.equal(again.isError, false, 'the same call succeeds once the database is free');
  const [{ n }] = await db.sql`select count(*)::int as n from switchboard.todos`;
  t.equal(n, 1, 'the timed-out call changed nothing');
});

t.test('a dead database: tool calls answer retryable internal, HTTP answers 503 JSON', async (t) => {
  const { endpoint } = await world(t);
  const dead = createPool('postgres://postgres@127.0.0.1:1/none', { max: 2 });
  t.teardown(() => dead.end({ timeout: 1 }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const mcp = createMcpServer({ sql: dead, ledger: createLedger(dead), log: silent, config: loadConfig({}), endpoint, credential: endpoint.credential });
  await mcp.connect(serverSide);
  const client = new Client({ name: 'dead', version: '1' });
  await client.connect(clientSide);
  t.teardown(() => client.close());
  const r = await call(client, 'claim_next', {});
  t.same(r.doc, { error: 'unavailable', message: 'unavailable: the database is unavailable or busy; retry shortly' });

  const server = await startServer({ config: loadConfig({}), sql: dead, log: silent, port: 0 });
  t.teardown(() => server.stop(1000));
  const res = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${endpoint.credential}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }),
  });
  t.equal(res.status, 503);
  t.same(await res.json(), { jsonrpc: '2.0', error: { code: -32603, message: 'Service unavailable' }, id: null });
  const health = await fetch(`${server.url}/healthz`);
  t.equal(health.status, 503);
});
