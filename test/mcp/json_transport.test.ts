// /mcp's own transport (src/mcp/json-transport.ts) answers as the SDK's stateless JSON-response transport did: 406
// without both Accept types, 415 for another content type, 400 for an unsupported protocol version, a batch over
// 100 or two initializes in one batch, or a message that is not JSON-RPC; 202 for notifications only; one JSON
// document per POST (an array, in the requests' order, for a batch).
import t from 'tap';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { JsonResponseTransport, MAX_BATCH } from '../../src/mcp/json-transport.js';
import { directToolCall } from '../../src/mcp/server.js';
import { startServer } from '../../src/server.js';
import { fixture } from './helpers.js';

t.test('the transport\'s answers, request by request', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'bot');
  const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));
  const base = { authorization: `Bearer ${ep.credential}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { ...base, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type'), text, json: text ? JSON.parse(text) : null };
  };
  const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list', params: {} });
  const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };

  const first = await post(init);
  t.equal(first.status, 200);
  t.match(first.type, /^application\/json/, 'JSON, not an event stream');
  t.match(first.json, { jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'switchboard' } } });

  t.match(await post(list(2), { accept: 'application/json' }), { status: 406, json: { error: { code: -32000, message: /Not Acceptable/ } } });
  t.match(await post(list(2), { 'content-type': 'text/plain' }), { status: 415 });
  t.match(await post(list(2), { 'mcp-protocol-version': '1999-01-01' }), { status: 400, json: { error: { code: -32000, message: /Unsupported protocol version: 1999-01-01/ } } });
  t.match(await post(list(2), { 'mcp-protocol-version': '2025-06-18' }), { status: 200, json: { id: 2, result: { tools: Array } } });
  t.match(await post({ jsonrpc: '1.0', id: 3, method: 'ping' }), { status: 400, json: { error: { code: -32700 } } }, 'not JSON-RPC 2.0');
  t.match(await post([init, init]), { status: 400, json: { error: { code: -32600, message: /Only one initialization/ } } });
  t.match(await post(Array.from({ length: MAX_BATCH + 1 }, (_, i) => list(i))), { status: 400, json: { error: { code: -32600 } } });

  const note = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  t.equal(note.status, 202, 'notifications only: 202');
  t.equal(note.text, '', 'with no body');

  const batch = await post([
    { jsonrpc: '2.0', id: 'b', method: 'tools/call', params: { name: 'add_todo', arguments: { queue: 'q' } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 'a', method: 'ping' },
  ]);
  t.equal(batch.status, 200);
  t.same(batch.json.map((m: { id: string }) => m.id), ['b', 'a'], 'a batch: an array of the answers, in the requests\' order');
  t.match(batch.json[0], { result: { structuredContent: { state: 'pending' } } });
  t.match(await post([list(9)]), { status: 200, json: { id: 9, result: { tools: Array } } }, 'a batch of one request: its one answer');
});

t.test('tools/call answered beside the SDK (directToolCall) answers exactly as through the SDK', async (t) => {
  const f = await fixture(t);
  const owner = await f.owner('alice');
  const ep = await f.vend(owner, 'bot');
  const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));
  const headers = { authorization: `Bearer ${ep.credential}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const post = async (body: unknown) => {
    const res = await fetch(`${server.url}/mcp`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, json: await res.json() };
  };
  const [{ id }] = await f.db.sql`select switchboard.add_todo(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'q', payload => '{"n": 1}')->>'id' as id`;
  const calls: [string, Record<string, unknown> | undefined][] = [
    ['get_todo', { todo_id: id }],
    ['get_todo', { todo_id: '00000000-0000-4000-8000-000000000000' }],
    ['get_todo', { todo_id: 'not-a-uuid' }],
    ['complete', { todo_id: id, surprise: 1 }],
    ['list_todos', undefined],
    ['claim_next', { queue: 'empty' }],
  ];
  for (const [name, args] of calls) {
    const params = args === undefined ? { name } : { name, arguments: args };
    // `_meta` in params is one of the things the direct path leaves to the SDK.
    const direct = await post({ jsonrpc: '2.0', id: 7, method: 'tools/call', params });
    const sdk = await post({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { ...params, _meta: {} } });
    t.equal(direct.status, 200);
    t.same(direct.json, sdk.json, `${name} ${JSON.stringify(args)}: the same answer either way`);
    t.ok(direct.json.result, 'a tool result');
  }
  // Ids: a string one is echoed as a string, in a batch as in a single POST.
  const batch = await post([
    { jsonrpc: '2.0', id: 'x', method: 'tools/call', params: { name: 'get_todo', arguments: { todo_id: id } } },
    { jsonrpc: '2.0', id: 'y', method: 'tools/call', params: { name: 'get_todo', arguments: { todo_id: id }, _meta: {} } },
  ]);
  t.same(batch.json.map((m: { id: string }) => m.id), ['x', 'y']);
  t.same(batch.json[0].result, batch.json[1].result, 'both halves of a mixed batch answer alike');
  // What the direct path leaves to the SDK is still answered by it: an unknown tool, arguments that are not an object.
  t.match(await post({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'nope' } }), { json: { id: 8, error: { code: -32602, message: 'Unknown tool: "nope"' } } });
  t.match(await post({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'get_todo', arguments: [] } }), { json: { id: 9, error: { code: -32602 } } });
  // An unknown name is echoed at most 64 characters long, in the answer as in the log line.
  const long = await post({ jsonrpc: '2.0', id: 10, method: 'tools/call', params: { name: 'n'.repeat(5000) } });
  t.equal(long.json.error.message, `Unknown tool: "${'n'.repeat(64)}"`);
});

t.test('directToolCall takes only calls the SDK would pass unchanged to the same handler', async (t) => {
  const f = await fixture(t);
  const take = directToolCall(f.ctx);
  const call = (params: unknown, more: Record<string, unknown> = {}) => ({ jsonrpc: '2.0' as const, id: 1, method: 'tools/call', params, ...more });
  t.type(take(call({ name: 'get_todo', arguments: { todo_id: 'x' } }) as never), 'function', 'name and arguments');
  t.type(take(call({ name: 'list_todos' }) as never), 'function', 'a name alone');
  t.type(take({ ...call({ name: 'list_todos' }), id: 'a' } as never), 'function', 'a string id');
  const left: [string, unknown][] = [
    ['an unknown tool', call({ name: 'nope' })],
    ['a name that is not a string', call({ name: 1 })],
    ['arguments that are an array', call({ name: 'get_todo', arguments: [] })],
    ['arguments that are null', call({ name: 'get_todo', arguments: null })],
    ['a _meta (progress token)', call({ name: 'get_todo', arguments: {}, _meta: { progressToken: 1 } })],
    ['a task', call({ name: 'get_todo', arguments: {}, task: {} })],
    ['params that are not an object', call('get_todo')],
    ['another method', { ...call({ name: 'get_todo' }), method: 'tools/list' }],
    ['a key JSON-RPC does not define (the SDK does not take it as a request)', call({ name: 'get_todo' }, { extra: 1 })],
    ['an id that is not a safe integer', { ...call({ name: 'get_todo' }), id: 2 ** 60 }],
  ];
  for (const [what, m] of left) t.equal(take(m as never), undefined, `left to the SDK: ${what}`);
});

t.test("a direct handler's failure is answered as the SDK's Protocol answers a handler's", async (t) => {
  const auth = { token: 'x', clientId: 'x', scopes: [] };
  const failures: unknown[] = [
    new McpError(ErrorCode.InvalidParams, 'bad', { field: 'a' }),
    new Error('boom'),
    Object.assign(new Error('a code that is not a number'), { code: 'E_X' }),
    { code: 7.5, message: 'a fractional code' },
    { code: 42 },
  ];
  for (const failure of failures) {
    const viaSdk = new JsonResponseTransport();
    const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => {
      throw failure;
    });
    await server.connect(viaSdk);
    const request = { jsonrpc: '2.0' as const, id: 5, method: 'tools/list' };
    const sdk = await viaSdk.handle([request], auth).answer;
    const direct = await new JsonResponseTransport(() => async () => {
      throw failure;
    }).handle([request], auth).answer;
    t.same(direct, sdk, `the same answer for ${JSON.stringify(failure instanceof Error ? failure.message : failure)}`);
    t.match(direct, { id: 5, error: { code: Number } });
    await server.close();
  }
});
