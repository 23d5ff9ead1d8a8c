// The official MCP SDK client (1.32.2) as agents use it, unchanged, against the stateless /mcp: a thousand calls on
// one connection, a server restart between two calls without reconnecting, and connecting per job two hundred times
// on one credential, all without an error; and the session id it was given recorded on its claims, across the
// restart too (any server on the database recognises it).
import t, { type Test } from 'tap';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { call, fixture, type Fixture } from './helpers.js';

type Tap = Test;

async function serve(t: Tap, f: Fixture, port = 0): Promise<RunningServer> {
  const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port });
  t.teardown(() => server.stop(1000));
  return server;
}

function sdkClient(url: string, credential: string): { client: Client; transport: StreamableHTTPClientTransport } {
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${credential}` } },
  });
  return { client: new Client({ name: 'plain-sdk-agent', version: '1.0.0' }), transport };
}

t.test('a thousand calls on one connection, none refused', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'bot');
  const server = await serve(t, f);
  const { client, transport } = sdkClient(server.url, ep.credential);
  await client.connect(transport);
  await client.listTools();
  let errors = 0;
  for (let i = 0; i < 1000; i++) {
    const r = await call(client, i % 2 ? 'list_todos' : 'add_todo', i % 2 ? { queue: 'q', page_size: 1 } : { queue: 'q' });
    if (r.isError) errors++;
  }
  t.equal(errors, 0, 'every one of the thousand calls answered without an error');
  const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.todos`;
  t.equal(n, 500, 'and the five hundred adds each made one todo');
  await client.close();
});

t.test('a server restart between two calls: the same client goes on without reconnecting', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'bot');
  const first = await serve(t, f);
  const { client, transport } = sdkClient(first.url, ep.credential);
  await client.connect(transport);
  await client.listTools();
  const sessionId = transport.sessionId;
  t.match(sessionId, /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/, 'the server gave the client a signed session id');

  await call(client, 'add_todo', { queue: 'q' });
  await call(client, 'add_todo', { queue: 'q' });
  const before = await call(client, 'claim_next', { queue: 'q' });
  t.notOk(before.isError, 'a claim before the restart');
  await first.stop(1000);
  const second = await serve(t, f, first.port);
  t.equal(second.port, first.port, 'the new server listens where the old one did');
  const after = await call(client, 'claim_next', { queue: 'q' });
  t.notOk(after.isError, 'the next call, on the same client and connection object, is answered by the new server');
  t.equal((await client.listTools()).tools.length > 0, true, 'and so is tools/list');

  const rows = await f.db.sql`select mcp_session_id from switchboard.todo_attempts order by claimed_at`;
  t.same(
    rows.map((r) => r.mcp_session_id),
    [sessionId, sessionId],
    'both claims record the session the client was given, the one after the restart too',
  );
  await client.close();
});

t.test('connecting per job, two hundred times on one credential: every connect and call works', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'bot');
  const server = await serve(t, f);
  let failures = 0;
  const ids = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const { client, transport } = sdkClient(server.url, ep.credential);
    try {
      await client.connect(transport);
      ids.add(transport.sessionId ?? '');
      const r = await call(client, 'list_todos', { page_size: 1 });
      if (r.isError) failures++;
    } catch {
      failures++;
    } finally {
      await client.close();
    }
  }
  t.equal(failures, 0, 'no connect, call or close failed');
  t.equal(ids.size, 200, 'each connection was given a session id of its own');
});

t.test('a session id the server did not issue to this endpoint is not recorded, and refuses nothing', async (t) => {
  const f = await fixture(t);
  const owner = await f.owner('alice');
  const a = await f.vend(owner, 'a');
  const b = await f.vend(owner, 'b');
  const server = await serve(t, f);
  const { client: ca, transport: ta } = sdkClient(server.url, a.credential);
  await ca.connect(ta);
  await f.db.sql`select switchboard.add_todo(endpoint_id => ${b.endpoint_id}::uuid, queue => 'b') from generate_series(1, 2)`;
  // b claims with a's session id and its own credential, then with a made-up one: each claim is answered, and
  // records no session.
  const claimWith = async (session: string) => {
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${b.credential}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': session,
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'claim_next', arguments: { queue: 'b' } } }),
    });
    return { status: res.status, body: (await res.json()) as { result?: { structuredContent?: { id?: string } } } };
  };
  for (const [what, session] of [
    ["a's session id with b's credential", ta.sessionId!],
    ['a made-up session id', 'AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA'],
  ]) {
    const r = await claimWith(session);
    t.equal(r.status, 200, `${what}: answered`);
    const id = r.body.result?.structuredContent?.id;
    t.ok(id, `${what}: claimed`);
    const [row] = await f.db.sql`select mcp_session_id from switchboard.todo_attempts where todo_id = ${id!}::uuid`;
    t.equal(row.mcp_session_id, null, `${what}: no session recorded`);
  }
  await ca.close();
});
