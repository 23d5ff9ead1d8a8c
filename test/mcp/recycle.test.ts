// MCP sessions recycled by what they have answered (issue 13): the SDK's transport keeps every answer until its
// session closes, so a session is closed after its request or byte budget (the answer in flight first), the
// sessions keeping the most are closed when all of them together pass a total, and the next call on a recycled
// session gets what a closed session gets: 404 with a JSON-RPC error. Real server, real HTTP.
import t from 'tap';
import { ConfigError, loadConfig } from '../../src/config.js';
import { doorbellFor } from '../../src/doorbell.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { until } from '../worker/helpers.js';
import { type Fixture, fixture } from './helpers.js';

type Tap = Parameters<Parameters<typeof t.test>[1]>[0];

async function serve(t: Tap, f: Fixture, env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer({ config: loadConfig(env), sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
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
  const post = async (body: unknown, session?: string) => {
    const res = await fetch(`${url}/mcp`, { method: 'POST', headers: headers(session), body: JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return {
    post,
    call: (session: string, id: number, name: string, args: Record<string, unknown> = {}) =>
      post({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }, session),
    async open(): Promise<string> {
      const res = await fetch(`${url}/mcp`, { method: 'POST', headers: headers(), body: JSON.stringify(initialize) });
      if (res.status !== 200) throw new Error(`initialize: ${res.status} ${await res.text()}`);
      await res.text();
      const session = res.headers.get('mcp-session-id')!;
      await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session);
      return session;
    },
  };
}

const GONE = { jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null };

t.test('a session is closed after its request budget; its next call gets 404 with a JSON-RPC error, and runs nothing', async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const server = await serve(t, f, { SWITCHBOARD_MCP_SESSION_MAX_REQUESTS: '3' });
  const ca = client(server.url, a.credential);
  const session = await ca.open();
  for (let i = 1; i <= 3; i++) {
    const r = await ca.call(session, 10 + i, 'add_todo', { queue: 'q', title: `todo ${i}` });
    t.equal(r.status, 200, `request ${i} of 3 is answered`);
    t.equal(r.body.result.structuredContent.title, `todo ${i}`);
  }
  t.equal(server.mcp.recycled.requests, 1, 'the third answer used up the budget: the session is recycled');
  t.equal(server.mcp.sessionCount(), 0, 'and closed, with nothing in flight');
  const next = await ca.call(session, 20, 'add_todo', { queue: 'q', title: 'todo 4' });
  t.equal(next.status, 404, 'the next call: 404, as for a closed session');
  t.same(next.body, GONE, 'with a JSON-RPC error');
  const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.todos`;
  t.equal(n, 3, 'the refused call added nothing');
  t.equal(server.mcp.retainedBytes(), 0, 'nothing is counted as kept once the session is closed');

  const again = await ca.open();
  t.equal((await ca.call(again, 30, 'list_todos', { queue: 'q' })).status, 200, 'a new session is opened and answers');
});

t.test('a session is closed after its byte budget', async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  await f.db.sql`select count(switchboard.add_todo(endpoint_id => ${a.endpoint_id}::uuid, queue => 'q'::text, title => 'todo ' || g))
                   from generate_series(1, 20) g`;
  const server = await serve(t, f, { SWITCHBOARD_MCP_SESSION_MAX_BYTES: '4096' });
  const ca = client(server.url, a.credential);
  const session = await ca.open();
  const first = await ca.call(session, 2, 'list_todos', { queue: 'q' });
  t.equal(first.status, 200, 'the answer that passes the budget is sent whole');
  t.equal(first.body.result.structuredContent.todos.length, 20);
  t.ok(JSON.stringify(first.body).length > 4096, 'it is larger than the budget');
  t.same(server.mcp.recycled, { requests: 0, bytes: 1, total: 0 }, 'recycled for its bytes');
  const next = await ca.call(session, 3, 'list_todos', { queue: 'q' });
  t.equal(next.status, 404);
  t.same(next.body, GONE);
});

t.test('a recycled session is closed only once the answer in flight on it is sent', async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const server = await serve(t, f, { SWITCHBOARD_MCP_SESSION_MAX_REQUESTS: '2' });
  const ca = client(server.url, a.credential);
  const session = await ca.open();
  const poll = ca.call(session, 2, 'claim_next', { queue: 'later', wait_seconds: 30 });
  const bell = await doorbellFor(f.ctx.sql);
  await until(async () => bell.waiting === 1, 'the poll to wait');
  const second = await ca.call(session, 3, 'add_todo', { queue: 'other' });
  t.equal(second.status, 200, 'the second request, the last of the budget, is answered');
  t.equal(server.mcp.recycled.requests, 1, 'the session is recycled');
  t.equal(server.mcp.sessionCount(), 1, 'but stays open while the poll is in flight');
  t.same((await ca.call(session, 4, 'list_todos', {})).body, GONE, 'it takes no new request');
  await f.db.sql`select switchboard.add_todo(endpoint_id => ${a.endpoint_id}::uuid, queue => 'later'::text, title => 'wake')`;
  const woke = await poll;
  t.equal(woke.status, 200, 'the poll is answered on the recycled session');
  t.match(woke.body.result.structuredContent, { title: 'wake', state: 'claimed' });
  await until(async () => server.mcp.sessionCount() === 0, 'the session to close');
  t.pass('and then the session is closed');
});

t.test('past the total, the sessions keeping the most are recycled; the others go on', async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const b = await f.vend(await f.owner('bob'), 'b');
  await f.db.sql`select count(switchboard.add_todo(endpoint_id => ${a.endpoint_id}::uuid, queue => 'big'::text, title => repeat('x', 400) || g))
                   from generate_series(1, 200) g`;
  const server = await serve(t, f, {
    SWITCHBOARD_MCP_RETAINED_MAX_BYTES: String(1024 * 1024),
    SWITCHBOARD_MCP_SESSION_MAX_BYTES: String(64 * 1024 * 1024),
  });
  const ca = client(server.url, a.credential);
  const cb = client(server.url, b.credential);
  const big = await ca.open();
  const small = await cb.open();
  t.equal((await cb.call(small, 2, 'list_todos', {})).status, 200);
  let id = 10;
  let status = 200;
  while (status === 200 && id < 200) status = (await ca.call(big, id++, 'list_todos', { queue: 'big' })).status;
  t.equal(status, 404, "a's session, keeping large answers, is recycled once the total passes 1 MiB");
  t.ok(id - 10 > 5, `after ${id - 11} answers`);
  t.same(server.mcp.recycled, { requests: 0, bytes: 0, total: 1 }, 'for the total, not its own budget');
  t.ok(server.mcp.retainedBytes() < 1024 * 1024 * 0.75, "what is kept now is b's small session only");
  t.equal((await cb.call(small, 3, 'list_todos', {})).status, 200, "b's session goes on");
  t.equal(server.mcp.sessionCount(), 1);
});

t.test('an idle session with a long poll in flight is not evicted from under it', async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const server = await serve(t, f, { SWITCHBOARD_MCP_SESSION_IDLE_SECONDS: '1' });
  const ca = client(server.url, a.credential);
  const session = await ca.open();
  // Longer than the idle horizon plus a sweep (250 ms at this setting): before, the sweep closed the session and
  // the SDK never sent the poll's answer.
  const poll = await ca.call(session, 2, 'claim_next', { queue: 'none', wait_seconds: 3 });
  t.equal(poll.status, 200, 'the poll is answered');
  t.same(poll.body.result.structuredContent, { empty: true });
  await until(async () => server.mcp.sessionCount() === 0, 'the now idle session to be evicted');
  t.pass('and the session is evicted once idle');
});

t.test('the recycling settings: defaults, and a bad value names its variable', async (t) => {
  const d = loadConfig({});
  t.equal(d.SWITCHBOARD_MCP_SESSION_MAX_REQUESTS, 256);
  t.equal(d.SWITCHBOARD_MCP_SESSION_MAX_BYTES, 2 * 1024 * 1024);
  t.equal(d.SWITCHBOARD_MCP_RETAINED_MAX_BYTES, 256 * 1024 * 1024);
  const bad: [string, string, RegExp][] = [
    ['SWITCHBOARD_MCP_SESSION_MAX_REQUESTS', '0', /must be between 1 and 1000000/],
    ['SWITCHBOARD_MCP_SESSION_MAX_REQUESTS', 'many', /must be a number/],
    ['SWITCHBOARD_MCP_SESSION_MAX_REQUESTS', '2.5', /must be a whole number/],
    ['SWITCHBOARD_MCP_SESSION_MAX_BYTES', '100', /must be between 1024 and 1073741824/],
    ['SWITCHBOARD_MCP_RETAINED_MAX_BYTES', '1000', /must be between 1048576 and 68719476736/],
    ['SWITCHBOARD_MCP_RETAINED_MAX_BYTES', '1e12', /must be between/],
  ];
  for (const [variable, value, message] of bad) {
    t.throws(() => loadConfig({ [variable]: value }), { constructor: ConfigError, variable, message }, `${variable}=${value}`);
  }
});
