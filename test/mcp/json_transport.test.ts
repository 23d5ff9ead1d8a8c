// /mcp's own transport (src/mcp/json-transport.ts) answers as the SDK's stateless JSON-response transport did: 406
// without both Accept types, 415 for another content type, 400 for an unsupported protocol version, a batch over
// 100 or two initializes in one batch, or a message that is not JSON-RPC; 202 for notifications only; one JSON
// document per POST (an array, in the requests' order, for a batch).
import t from 'tap';
import { MAX_BATCH } from '../../src/mcp/json-transport.js';
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
