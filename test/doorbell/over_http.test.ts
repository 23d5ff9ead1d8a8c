// Long polls over real MCP HTTP: keyed to the caller's endpoint, capped per credential (SWITCHBOARD_MAX_WAITERS,
// then a `throttled` tool error), and ended when the client's HTTP request goes away.
import { request } from 'node:http';
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { doorbellFor } from '../../src/doorbell.js';
import { startServer } from '../../src/server.js';
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
