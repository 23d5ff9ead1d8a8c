// The MCP server over Streamable HTTP with real requests and a real SDK client: bearer auth (401s, revocation
// mid-session), verb gating, tenant isolation, the MCP session id on attempts, redacted logs, /healthz.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { deflateSync, gzipSync } from 'node:zlib';
import t, { type Test } from 'tap';
import { startServer, type RunningServer } from '../../src/server.js';
import { call, type Fixture, fixture, httpClient } from './helpers.js';

async function serve(t: Tap, f: Fixture): Promise<RunningServer> {
  const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));
  return server;
}
type Tap = Test;

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};

/** The JSON-RPC answer of a POST, whether the SDK sent it as JSON or as one SSE message event. */
async function rpcAnswer(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) return JSON.parse(text);
  const data = text.split('\n').find((l) => l.startsWith('data: '));
  return JSON.parse(data!.slice('data: '.length));
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
}

t.test('a missing, unknown or revoked credential gets 401 with WWW-Authenticate: Bearer, and no tool runs', async (t) => {
  const f = await fixture(t);
  const owner = await f.owner('alice');
  const ep = await f.vend(owner, 'bot');
  const server = await serve(t, f);
  const addTodo = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add_todo', arguments: { queue: 'q' } } };

  for (const [label, headers] of [
    ['no Authorization header', {}],
    ['not a bearer', { authorization: `Basic ${Buffer.from(`x:${ep.credential}`).toString('base64')}` }],
    ['an unknown credential', { authorization: 'Bearer sbk_0000000000000000000000000000000000000000000000000000000000000000' }],
  ] as const) {
    for (const body of [initialize, addTodo]) {
      const res = await post(server.url, body, headers);
      t.equal(res.status, 401, `${label}: 401 on ${body.method}`);
      t.match(res.headers.get('www-authenticate'), /^Bearer\b/, `${label}: WWW-Authenticate: Bearer`);
      t.notOk(res.headers.get('mcp-session-id'), `${label}: no session`);
    }
  }

  // A connected client stops working the moment its credential is revoked: its next tool call is 401, whether the
  // verb's own statement refused it (the server still remembering the credential) or the door's check did (the
  // revocation's notice having made it forget), and every request after that by the door's check.
  const client = await httpClient(server.url, ep.credential);
  t.equal((await call(client, 'add_todo', { queue: 'q' })).isError, false, 'the credential works');
  await f.db.sql`select switchboard.revoke_endpoint(${owner}::uuid, ${ep.endpoint_id}::uuid)`;
  await t.rejects(call(client, 'add_todo', { queue: 'q' }), /401|Unauthorized/, 'revoked: the next call is 401');
  await t.rejects(call(client, 'add_todo', { queue: 'q' }), /401|Unauthorized/, 'and the request after it: 401');
  await t.rejects(client.listTools(), /401|Unauthorized/, 'tools/list too');
  const revoked = await post(server.url, initialize, { authorization: `Bearer ${ep.credential}` });
  t.equal(revoked.status, 401, 'a revoked credential cannot open a session');
  t.match(revoked.headers.get('www-authenticate'), /^Bearer .*error="invalid_token"/);

  const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.todos`;
  t.equal(n, 1, 'only the call made with a live credential created a todo');
  await client.close().catch(() => {});
});

t.test('GET and DELETE on /mcp are 405: the server keeps no event stream and no session to end', async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const server = await serve(t, f);
  const init = await post(server.url, initialize, { authorization: `Bearer ${a.credential}` });
  t.equal(init.status, 200);
  const session = init.headers.get('mcp-session-id')!;
  t.ok(session, 'an initialize is answered with a session id');
  for (const method of ['GET', 'DELETE']) {
    const res = await fetch(`${server.url}/mcp`, {
      method,
      headers: { authorization: `Bearer ${a.credential}`, accept: 'application/json, text/event-stream', 'mcp-session-id': session },
    });
    t.equal(res.status, 405, `${method}: 405`);
    t.equal(res.headers.get('allow'), 'POST');
    t.match(await res.json(), { jsonrpc: '2.0', error: { code: -32000, message: /^Method not allowed/ } });
  }
  const list = await post(server.url, { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }, {
    authorization: `Bearer ${a.credential}`,
    'mcp-session-id': session,
    'mcp-protocol-version': '2025-06-18',
  });
  t.equal(list.status, 200, 'after a DELETE the session id still works: there was nothing to end');
});

t.test('verb gating over HTTP: tools/list and calls follow the endpoint\'s frozen verbs', async (t) => {
  const f = await fixture(t);
  const owner = await f.owner('alice');
  const server = await serve(t, f);
  const reader = await httpClient(server.url, (await f.vend(owner, 'reader', ['list_todos'])).credential);
  t.same((await reader.listTools()).tools.map((x) => x.name).sort(), ['get_todo', 'list_todos']);
  t.match((await call(reader, 'add_todo', { queue: 'q' })).doc, {
    error: 'forbidden',
    message: 'forbidden: this endpoint was not vended the verb add_todo',
  });
  t.same((await call(reader, 'list_todos')).doc, { todos: [], next_cursor: null });
  await reader.close();
});

t.test("two owners' endpoints cannot see each other's todos; the not_found is byte-identical to an unknown id", async (t) => {
  const f = await fixture(t);
  const server = await serve(t, f);
  const alice = await httpClient(server.url, (await f.vend(await f.owner('alice'), 'alice-bot')).credential);
  const bob = await httpClient(server.url, (await f.vend(await f.owner('bob'), 'bob-bot')).credential);
  const { doc: todo } = await call(alice, 'add_todo', { queue: 'secret', title: 'alice only', payload: { k: 1 } });
  await call(bob, 'add_todo', { queue: 'secret' });

  t.same(
    (await call(bob, 'list_todos')).doc.todos.map((x: { title: string | null }) => x.title),
    [null],
    "bob's list has only bob's todo",
  );
  t.same((await call(bob, 'claim_next', { queue: 'secret' })).doc.id === todo.id, false, 'claim_next never hands out alice\'s');

  const verbs: [string, Record<string, unknown>][] = [
    ['get_todo', { todo_id: todo.id }],
    ['claim', { todo_id: todo.id }],
    ['heartbeat', { todo_id: todo.id }],
    ['complete', { todo_id: todo.id }],
    ['fail', { todo_id: todo.id }],
    ['release', { todo_id: todo.id }],
  ];
  const foreign: string[] = [];
  for (const [verb, args] of verbs) foreign.push(JSON.stringify((await call(bob, verb, args)).result));
  // The same id once it never existed: delete alice's todo and ask again.
  await f.db.sql`delete from switchboard.todos where id = ${todo.id}::uuid`;
  for (const [i, [verb, args]] of verbs.entries()) {
    const unknown = JSON.stringify((await call(bob, verb, args)).result);
    t.equal(foreign[i], unknown, `${verb}: another tenant's todo answers byte for byte like a missing one`);
    t.match(JSON.parse(unknown).structuredContent, { error: 'not_found' });
  }
  await alice.close();
  await bob.close();
});

t.test('the MCP session id is recorded on the attempt and never returned; logs carry no secrets', async (t) => {
  const f = await fixture(t);
  const owner = await f.owner('alice');
  const ep = await f.vend(owner, 'bot');
  const server = await serve(t, f);

  const health = await fetch(`${server.url}/healthz`);
  t.equal(health.status, 200);
  t.same(await health.json(), { ok: true, database: 'primary', listen: 'none' }, 'healthy: a writable primary, and no doorbell in this server');

  const client = await httpClient(server.url, ep.credential);
  const sessionId = (client.transport as { sessionId?: string }).sessionId!;
  t.match(sessionId, /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/, 'the client has an MCP session id');

  const { doc: todo } = await call(client, 'add_todo', { queue: 'q' });
  const claimed = await call(client, 'claim_next', { queue: 'q', require_fence: true });
  const token = claimed.doc.lease_token as string;
  await call(client, 'heartbeat', { todo_id: todo.id, lease_token: token });
  const texts = [
    JSON.stringify(claimed.result),
    JSON.stringify((await call(client, 'get_todo', { todo_id: todo.id })).result),
    JSON.stringify((await call(client, 'list_todos')).result),
    JSON.stringify((await call(client, 'fail', { todo_id: todo.id, lease_token: token, summary: 'no' })).result),
  ];
  await f.db.sql`update switchboard.todos set ready_at = now(), next_retry_at = now() where id = ${todo.id}::uuid`;
  texts.push(JSON.stringify((await call(client, 'claim', { todo_id: todo.id })).result));

  const rows = await f.db.sql`select seq, mcp_session_id from switchboard.todo_attempts where todo_id = ${todo.id}::uuid order by seq`;
  t.same(
    rows.map((r) => r.mcp_session_id),
    [sessionId, sessionId],
    'both attempts record the session that claimed them',
  );
  for (const [i, text] of texts.entries()) {
    t.notOk(text.includes(sessionId), `response ${i} does not carry the session id`);
    t.notMatch(text, /mcp_session_id|endpoint_id/, `response ${i} names neither the session nor the endpoint`);
  }

  // A failed attempt to authenticate with the credential in a malformed header, for the log check below.
  await post(server.url, initialize, { authorization: `Bearer ${ep.credential} extra` });
  await client.close();

  const log = f.logText();
  const calls = f.logLines().filter((l) => l.msg === 'tool call');
  t.same(
    calls.map((l) => `${l.verb}:${l.outcome}`),
    ['add_todo:ok', 'claim_next:ok', 'heartbeat:ok', 'get_todo:ok', 'list_todos:ok', 'fail:ok', 'claim:ok'],
    'one line per tool call with verb and outcome',
  );
  t.ok(calls.every((l) => typeof l.duration_ms === 'number'), 'each with a duration');
  t.notOk(log.includes(ep.credential), 'the credential never appears in the log');
  t.notOk(log.includes(token), 'the lease token never appears in the log');
  t.notOk(log.includes(ep.credential.slice(4)), 'not even without its prefix');
});

t.test('stop() drains: an in-flight call finishes, then the listener closes', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'bot');
  const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  const client = await httpClient(server.url, ep.credential);
  // Hold the todos table so add_todo is in flight when stop() begins.
  const lock = await f.db.sql.reserve();
  await lock`begin`;
  await lock`lock table switchboard.todos in exclusive mode`;
  const inFlight = call(client, 'add_todo', { queue: 'q' });
  for (;;) {
    const [{ waiting }] = await f.db.sql`select count(*)::int as waiting from pg_stat_activity
                                          where datname = current_database() and wait_event_type = 'Lock'`;
    if (waiting > 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  // stop() closes the listener synchronously, before its first await, so it has begun when this returns.
  const stopped = server.stop(5000);
  t.equal(server.http.listening, false, 'the listener closed at once');
  await lock`commit`;
  lock.release();
  const r = await inFlight;
  t.equal(r.isError, false, 'the in-flight add_todo completed');
  t.equal(r.doc.state, 'pending');
  await stopped;
  t.equal(server.http.listening, false, 'no longer listening');
  await t.rejects(fetch(`${server.url}/healthz`), 'new connections are refused');
  await client.close().catch(() => {});
});

t.test('a body that is not JSON or is too large is a JSON-RPC error; without a credential it is not read', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'bot');
  const server = await serve(t, f);
  const raw = (body: string, headers: Record<string, string>) =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body,
    });
  const auth = { authorization: `Bearer ${ep.credential}` };

  const broken = await raw('{"jsonrpc": "2.0", "id": 1, "method": ', auth);
  t.equal(broken.status, 400);
  t.match(await broken.json(), { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } });

  const huge = JSON.stringify({ ...initialize, params: { ...initialize.params, pad: 'x'.repeat(3 * 1024 * 1024) } });
  const tooLarge = await raw(huge, auth);
  t.equal(tooLarge.status, 413);
  const text = await tooLarge.text();
  t.notMatch(text, /<html|at .*\.js/i, 'no HTML page and no stack');
  t.match(JSON.parse(text), { error: { message: /^Request body too large \(at most 524288 bytes, SWITCHBOARD_HTTP_MAX_BODY_BYTES\)$/ } });

  const anonymous = await raw('{"not json', {});
  t.equal(anonymous.status, 401, 'without a credential the body is never parsed');
});

t.test('a loopback listener answers only Host headers that name the loopback (DNS rebinding), /mcp included', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'bot');
  const server = await serve(t, f);
  // fetch never lets a caller choose the Host header; node:http does.
  const request = (path: string, method: string, host: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        `${server.url}${path}`,
        {
          method,
          headers: {
            host,
            authorization: `Bearer ${ep.credential}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      req.end(method === 'POST' ? JSON.stringify(initialize) : undefined);
    });
  for (const [path, method] of [['/mcp', 'POST'], ['/mcp', 'GET'], ['/healthz', 'GET']] as const) {
    const evil = await request(path, method, 'evil.example:7400');
    t.equal(evil.status, 403, `${method} ${path} with a foreign Host: 403`);
    t.match(JSON.parse(evil.body), { jsonrpc: '2.0', error: { code: -32000, message: 'Invalid Host: evil.example' } });
  }
  t.equal((await request('/mcp', 'POST', `localhost:${server.port}`)).status, 200, 'localhost is the loopback');
  t.equal((await request('/healthz', 'GET', `127.0.0.1:${server.port}`)).status, 200);
});

t.test('every loopback bind checks the Host header, not only 127.0.0.1, localhost and ::1', async (t) => {
  const f = await fixture(t);
  for (const host of ['127.0.0.2', '127.1.2.3']) {
    const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host, port: 0 });
    t.teardown(() => server.stop(1000));
    const get = (hostHeader: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${server.url}/healthz`, { headers: { host: hostHeader } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
        req.end();
      });
    t.equal(await get('evil.example'), 403, `bound to ${host}, a foreign Host: 403`);
    t.equal(await get(`${host}:${server.port}`), 200, `bound to ${host}, its own address: 200`);
    t.equal(await get(`localhost:${server.port}`), 200, `bound to ${host}, localhost: 200`);
  }
});

t.test('a bind on any spelling of a loopback address checks the Host header, and answers every spelling of the loopback', async (t) => {
  const f = await fixture(t);
  for (const host of ['::ffff:7f00:2', '0:0:0:0:0:ffff:127.0.0.2', '0:0:0:0:0:0:0:1']) {
    const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host, port: 0 });
    t.teardown(() => server.stop(1000));
    const get = (hostHeader: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${server.url}/healthz`, { headers: { host: hostHeader } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
        req.end();
      });
    t.equal(await get('evil.example'), 403, `bound to ${host}, a foreign Host: 403`);
    t.equal(await get(`[${host}]:${server.port}`), 200, `bound to ${host}, its own address: 200`);
    t.equal(await get(`localhost:${server.port}`), 200, `bound to ${host}, localhost: 200`);
    t.equal(await get(`[::ffff:127.0.0.1]:${server.port}`), 200, `bound to ${host}, 127.0.0.1 written IPv4-mapped: 200`);
  }
});

t.test('bodies are read as express.json read them: gzip and deflate, utf-8 only, an empty body is {}', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'bot');
  const server = await serve(t, f);
  const send = (body: Buffer | string, headers: Record<string, string>) =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream', authorization: `Bearer ${ep.credential}`, ...headers },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
  const json = { 'content-type': 'application/json' };
  const gz = await send(gzipSync(JSON.stringify(initialize)), { ...json, 'content-encoding': 'gzip' });
  t.equal(gz.status, 200, 'a gzipped initialize opens a session');
  t.ok(gz.headers.get('mcp-session-id'));
  const deflated = await send(deflateSync(JSON.stringify(initialize)), { ...json, 'content-encoding': 'deflate' });
  t.equal(deflated.status, 200, 'so does a deflated one');
  const utf8 = await send(JSON.stringify(initialize), { 'content-type': 'application/json; charset=UTF-8' });
  t.equal(utf8.status, 200, 'charset=UTF-8 is read');

  const latin1 = await send(JSON.stringify(initialize), { 'content-type': 'application/json; charset=latin1' });
  t.equal(latin1.status, 415, 'another charset: 415');
  t.match(await latin1.json(), { jsonrpc: '2.0', error: { code: -32700 } });
  const zip = await send(JSON.stringify(initialize), { ...json, 'content-encoding': 'zip' });
  t.equal(zip.status, 415, 'an unknown content-encoding: 415');
  const scalar = await send('"initialize"', json);
  t.equal(scalar.status, 400, 'JSON that is not an object or an array: 400');
  t.match(await scalar.json(), { error: { code: -32700, message: 'Parse error' } });
  const session = { 'mcp-session-id': gz.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-06-18' };
  const empty = await send('', { ...json, ...session });
  t.equal(empty.status, 400, 'an empty body is {}, which is no JSON-RPC message');
  t.match(await empty.json(), { error: { code: -32700, message: 'Parse error: Invalid JSON-RPC message' } });
  const list = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
  const text = await send(JSON.stringify(list), { 'content-type': 'text/plain', ...session });
  t.equal(text.status, 415, 'a body that is not JSON: the SDK answers 415');
  const call = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'list_todos', arguments: {} } };
  const textCall = await send(JSON.stringify(call), { 'content-type': 'text/plain', ...session });
  t.equal(textCall.status, 415, 'a tool call too');
  const ok = await send(JSON.stringify(call), { ...json, ...session });
  t.equal(ok.status, 200, 'the same call as JSON is answered');
  t.match(await rpcAnswer(ok), { jsonrpc: '2.0', id: 3, result: { structuredContent: { todos: [] } } });
});

t.test('a tool call with an unknown credential runs nothing, whatever the call and the session id it carries', async (t) => {
  const f = await fixture(t);
  const owner = await f.owner('alice');
  const a = await f.vend(owner, 'a');
  const server = await serve(t, f);
  const init = await post(server.url, initialize, { authorization: `Bearer ${a.credential}` });
  const session = { 'mcp-session-id': init.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-06-18' };
  const toolCall = (id: number, name: string, args: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  const calls: [string, unknown][] = [
    ['a valid call', toolCall(2, 'add_todo', { queue: 'q' })],
    ['invalid arguments', toolCall(3, 'add_todo', { queue: 7 })],
    ['an unknown tool', toolCall(4, 'no_such_tool', {})],
    ['a call the ledger refuses', toolCall(5, 'complete', { todo_id: randomUUID() })],
    ['a malformed uuid', toolCall(6, 'get_todo', { todo_id: 'nope' })],
    ['tools/call params the SDK refuses', { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { arguments: {} } }],
  ];
  const unknown = 'sbk_0000000000000000000000000000000000000000000000000000000000000000';
  for (const [label, body] of calls) {
    const refused = await post(server.url, body, { authorization: `Bearer ${unknown}`, ...session });
    t.equal(refused.status, 401, `${label} with an unknown credential: 401`);
    t.match(refused.headers.get('www-authenticate'), /^Bearer .*error="invalid_token"/);
  }
  const broken = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${unknown}`, ...session },
    body: '{"jsonrpc": ',
  });
  t.equal(broken.status, 401, 'a malformed body with an unknown credential: 401, not a parse error');

  const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.todos`;
  t.equal(n, 0, 'no call made with an unknown credential created a todo');
  t.same(f.logLines().filter((l) => l.msg === 'tool call'), [], 'and none was logged as a tool call');

  // The session's own credential: every one of those calls is answered, as a result or as the SDK's error.
  const answers: Record<string, unknown>[] = [];
  for (const [, body] of calls) {
    const res = await post(server.url, body, { authorization: `Bearer ${a.credential}`, ...session });
    t.equal(res.status, 200);
    answers.push(await rpcAnswer(res));
  }
  t.match(answers[0], { id: 2, result: { structuredContent: { queue: 'q', state: 'pending' } } });
  t.match(answers[1], { id: 3, result: { isError: true, structuredContent: { error: 'invalid' } } });
  t.match(answers[2], { id: 4, error: { code: -32602, message: /Unknown tool/ } }, 'an unknown tool is JSON-RPC -32602');
  t.match(answers[3], { id: 5, result: { isError: true, structuredContent: { error: 'not_found' } } });
  t.match(answers[4], { id: 6, result: { isError: true, structuredContent: { error: 'invalid' } } });
  t.match(answers[5], { id: 7, error: { code: Number } });
  t.same(
    f.logLines().filter((l) => l.msg === 'tool call').map((l) => `${l.verb}:${l.outcome}`),
    ['add_todo:ok', 'add_todo:invalid', 'no_such_tool:invalid', 'complete:not_found', 'get_todo:invalid'],
  );
});
