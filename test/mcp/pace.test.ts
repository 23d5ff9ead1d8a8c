// The per-credential request rate on /mcp (issue 13): a burst goes at once, the requests after it are held until
// their turn, those that would wait too long are refused with 429 naming the setting and change nothing, a batch
// costs one per message, one credential holds at most SWITCHBOARD_MCP_QUEUE_PER_CREDENTIAL requests (their
// connections are everyone's), and another tenant is not slowed.
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { RequestPace } from '../../src/mcp/pace.js';
import { metricsHandler } from '../../src/metrics.js';
import { startServer } from '../../src/server.js';
import { fixture } from './helpers.js';

t.test('the pace itself, on a clock the test moves', async (t) => {
  let now = 1_000_000;
  const pace = new RequestPace({ perSecond: 10, burst: 5, waitMs: 300 }, () => now);
  const turns = [...Array(10)].map(() => pace.take('a'));
  t.same(turns.slice(0, 5), Array(5).fill({ waitMs: 0 }), 'a burst of five goes at once');
  t.same(turns.slice(5, 8), [{ waitMs: 100 }, { waitMs: 200 }, { waitMs: 300 }], 'the next three are held until their slot, 100 ms apart');
  t.same(turns.slice(8), [{ refused: true, retryAfterMs: 400 }, { refused: true, retryAfterMs: 400 }], 'past the wait they are refused, and a refusal takes no slot');
  t.same(pace.take('b'), { waitMs: 0 }, 'another key has its own pace');
  t.same(pace.take('a', 3), { refused: true, retryAfterMs: 600 }, 'a request of three messages costs three slots');
  t.same(pace.take('b', 5, false), { refused: true, retryAfterMs: 100 }, 'one that may not wait is refused rather than held');
  t.same(pace.take('b', 4, false), { waitMs: 0 }, 'and took no slot: the rest of the burst still goes at once');

  now += 1000;
  t.same([...Array(5)].map(() => pace.take('a')), Array(5).fill({ waitMs: 0 }), 'once the slots have passed, a full burst again');
  now += 2000;
  pace.take('c');
  t.equal(pace.size(), 1, 'keys whose slots have passed are dropped: only the one just paced is kept');
});

t.test('over HTTP: held, then 429 with Retry-After; a refused call creates nothing; another tenant is answered at once', async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const b = await f.vend(await f.owner('bob'), 'b');
  const config = loadConfig({ SWITCHBOARD_MCP_REQUESTS_PER_SECOND: '2', SWITCHBOARD_MCP_REQUEST_BURST: '3', SWITCHBOARD_MCP_QUEUE_WAIT_MS: '600' });
  const server = await startServer({ config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));

  const headers = (credential: string, session?: string): Record<string, string> => ({
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    authorization: `Bearer ${credential}`,
    ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' } : {}),
  });
  const post = (credential: string, body: unknown, session?: string) =>
    fetch(`${server.url}/mcp`, { method: 'POST', headers: headers(credential, session), body: JSON.stringify(body) });
  const open = async (credential: string) => {
    const init = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } };
    const res = await post(credential, { jsonrpc: '2.0', id: 0, method: 'initialize', params: init });
    await res.text();
    const session = res.headers.get('mcp-session-id')!;
    await (await post(credential, { jsonrpc: '2.0', method: 'notifications/initialized' }, session)).text();
    return session;
  };
  const call = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

  const sa = await open(a.credential);
  const sb = await open(b.credential);
  // Opening took two of each credential's slots (initialize and its notification); let them pass.
  await new Promise((r) => setTimeout(r, 1100));

  const started = Date.now();
  const answers = await Promise.all(
    [1, 2, 3, 4, 5, 6].map(async (i) => {
      const r = await post(a.credential, call(i, 'add_todo', { queue: 'q' }), sa);
      return { status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.text(), ms: Date.now() - started };
    }),
  );
  const ok = answers.filter((x) => x.status === 200);
  const refused = answers.filter((x) => x.status === 429);
  t.equal(ok.length, 4, 'a burst of three, and one more held for its slot half a second later');
  t.equal(refused.length, 2, 'the two that would wait past SWITCHBOARD_MCP_QUEUE_WAIT_MS are refused');
  t.ok(Math.max(...ok.map((x) => x.ms)) >= 400, 'the fourth was held, not answered with the burst');
  for (const r of refused) {
    t.match(JSON.parse(r.body), { jsonrpc: '2.0', error: { code: -32000, message: /^throttled: .*SWITCHBOARD_MCP_REQUESTS_PER_SECOND 2, SWITCHBOARD_MCP_REQUEST_BURST 3/ } });
    t.ok(Number(r.retryAfter) >= 1, 'with Retry-After in whole seconds');
  }
  const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.todos`;
  t.equal(n, 4, 'only the answered calls created todos');

  const other = await post(b.credential, call(10, 'list_todos', {}), sb);
  t.equal(other.status, 200, "another tenant's call is answered while a is paced");
  await other.text();

  await new Promise((r) => setTimeout(r, 2100));
  const batch = await post(a.credential, [1, 2, 3, 4, 5, 6, 7, 8].map((i) => call(20 + i, 'list_todos', {})), sa);
  t.equal(batch.status, 429, 'a batch costs one per message: eight is more than a burst of three and the wait allow');
  t.match(await batch.json(), { error: { message: /SWITCHBOARD_MCP_REQUESTS_PER_SECOND/ } });
});

t.test('over HTTP: one credential holds at most SWITCHBOARD_MCP_QUEUE_PER_CREDENTIAL requests; past them, 429 at once', async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const config = loadConfig({
    SWITCHBOARD_MCP_REQUESTS_PER_SECOND: '1',
    SWITCHBOARD_MCP_REQUEST_BURST: '1',
    SWITCHBOARD_MCP_QUEUE_WAIT_MS: '5000',
    SWITCHBOARD_MCP_QUEUE_PER_CREDENTIAL: '1',
  });
  // /metrics mounted as `serve` mounts it, with what the server tells its mount hooks of /mcp.
  const server = await startServer({
    config,
    sql: f.ctx.sql,
    log: f.ctx.log,
    host: '127.0.0.1',
    port: 0,
    mount: [(app, ctx) => app.get('/metrics', metricsHandler(f.db.sql, { mcp: ctx.mcpStats }))],
  });
  t.teardown(() => server.stop(1000));
  // Without a session: the pace comes before it, and each answers 400 once its turn comes.
  const send = () =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${a.credential}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    }).then(async (r) => ({ status: r.status, body: await r.text() }));
  const answers = await Promise.all([send(), send(), send(), send()]);
  t.same(
    answers.map((x) => x.status).sort(),
    [400, 400, 429, 429],
    'the burst of one goes, one more is held for its turn; the other two would fit in the wait but are refused',
  );
  for (const x of answers.filter((x) => x.status === 429)) t.match(x.body, /SWITCHBOARD_MCP_REQUESTS_PER_SECOND/);
  const metrics = await (await fetch(`${server.url}/metrics`)).text();
  t.match(metrics, /^switchboard_mcp_requests_throttled_total\{limit="request_rate"\} 2$/m, '/metrics counts the two refusals by their limit');
  t.match(metrics, /^switchboard_mcp_requests_throttled_total\{limit="sessions_max"\} 0$/m, 'and the limits that refused nothing, at 0');
  t.match(metrics, /^switchboard_mcp_sessions 0$/m, 'no session was opened');
  t.match(metrics, /^switchboard_mcp_sessions_recycled_total\{why="requests"\} 0$/m);
});
