// `switchboard mcp` end to end: a real SDK client spawns the CLI exactly as the config `endpoint vend` printed
// says, and drives a running server through it over stdio; the bridge holds no database login.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import t, { type Test } from 'tap';
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';
import { fixture } from '../mcp/helpers.js';
import { until } from '../worker/helpers.js';
import { runCli } from './run.js';

type Tap = Test;

/** Starts the client the way an MCP host does from the printed stdio config. */
async function stdioClient(t: Tap, config: { command: string; args: string[]; env: Record<string, string> }) {
  const transport = new StdioClientTransport({
    command: config.command === 'node' ? process.execPath : config.command,
    args: config.args,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...config.env },
    stderr: 'pipe',
  });
  const out = { stderr: '' };
  transport.stderr?.on('data', (d) => (out.stderr += d));
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  t.teardown(async () => {
    await client.close().catch(() => {});
    const pid = transport.pid;
    if (pid) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
  return { client, transport, out };
}

t.test('the printed stdio config drains a todo through the running server, with no database login', async (t) => {
  const f = await fixture(t);
  const owner = await f.owner('alice');
  const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));

  const vend = await runCli(['endpoint', 'vend', '--owner', 'alice', '--agent', 'stdio-bot', '--url', `${server.url}/mcp`], {
    DATABASE_URL: f.db.url,
  });
  t.equal(vend.code, 0, vend.stderr);
  const printed = JSON.parse(vend.stdout.slice(vend.stdout.indexOf('{', vend.stdout.indexOf('over stdio')))).mcpServers.switchboard;
  t.notOk('DATABASE_URL' in printed.env, 'the config names no database');
  const credential: string = printed.env.SWITCHBOARD_CREDENTIAL;
  t.ok(owner && credential);

  const bridge = await stdioClient(t, printed);
  await bridge.client.connect(bridge.transport);
  const tools = (await bridge.client.listTools()).tools.map((x) => x.name).sort();
  t.same(tools, ['add_todo', 'add_todos', 'cancel', 'claim', 'claim_next', 'clock_in', 'clock_out', 'complete', 'fail', 'get_todo', 'heartbeat', 'list_todos', 'release']);
  const call = async (name: string, args: Record<string, unknown>) =>
    ((await bridge.client.callTool({ name, arguments: args })) as CallToolResult).structuredContent as Record<string, any>;

  const todo = await call('add_todo', { queue: 'q', payload: { n: 1 } });
  const claimed = await call('claim_next', { queue: 'q', claimant: 'stdio', require_fence: true });
  t.match(claimed, { id: todo.id, state: 'claimed', attempt_seq: 1, payload: { n: 1 } });
  const done = await call('complete', { todo_id: todo.id, lease_token: claimed.lease_token, summary: 'ok' });
  t.equal(done.state, 'done');
  t.match(await call('get_todo', { todo_id: 'nope' }), { error: 'invalid', message: 'invalid: todo_id is not a uuid' });
  await t.rejects(bridge.client.callTool({ name: 'no_such_tool', arguments: {} }), { code: -32602 }, 'an unknown tool: -32602 through the bridge');

  const [row] = await f.db.sql`select mcp_session_id, outcome from switchboard.todo_attempts where todo_id = ${todo.id}::uuid`;
  t.match(row, { mcp_session_id: /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/, outcome: 'completed' }, "the attempt records the bridge's session id");

  await bridge.client.close();
  t.match(f.logText(), /"verb":"complete","outcome":"ok"/, 'the server logged the tool calls');
  t.notOk(bridge.out.stderr.includes(credential), 'the bridge never logs the credential');
  t.notOk(bridge.out.stderr.includes(claimed.lease_token), 'nor the lease token');
});

/** A bridge to `server`, through `switchboard mcp` as a host starts it, for a fresh endpoint's credential. */
async function bridgeTo(t: Tap, f: Awaited<ReturnType<typeof fixture>>, url: string) {
  const e = await f.vend(await f.owner('alice'), 'bridged');
  const bridge = await stdioClient(t, {
    command: 'node',
    args: [(await import('./run.js')).CLI, 'mcp'],
    env: { SWITCHBOARD_URL: `${url}/mcp`, SWITCHBOARD_CREDENTIAL: e.credential },
  });
  await bridge.client.connect(bridge.transport);
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = (await bridge.client.callTool({ name, arguments: args })) as CallToolResult;
    if (r.isError) throw new Error(`${name}: ${JSON.stringify(r.structuredContent)}`);
    return r.structuredContent as Record<string, any>;
  };
  return { ...bridge, call, endpoint: e };
}

t.test('a server restart between two calls: the bridge goes on, and no call is run twice', async (t) => {
  const f = await fixture(t);
  const first = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => first.stop(1000));
  const bridge = await bridgeTo(t, f, first.url);
  const todo = await bridge.call('add_todo', { queue: 'q' });
  await first.stop(1000);
  const second = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: first.port });
  t.teardown(() => second.stop(1000));
  const claimed = await bridge.call('claim_next', { queue: 'q' });
  t.equal(claimed.id, todo.id, 'the call after the restart is answered by the new server');
  const [{ attempts }] = await f.db.sql`select count(*)::int as attempts from switchboard.todo_attempts`;
  t.equal(attempts, 1, 'the claim ran once');
  t.notMatch(bridge.out.stderr, /could not reach the server/);
});

t.test('a bridge whose credential is over its request rate: the client is told it was throttled, and by what', async (t) => {
  const f = await fixture(t);
  // Four requests in a window of four seconds, none held: the bridge's initialize and its notification take two.
  const config = loadConfig({ SWITCHBOARD_HTTP_REQUESTS_PER_SECOND: '1', SWITCHBOARD_HTTP_REQUEST_BURST: '4', SWITCHBOARD_HTTP_QUEUE_PER_CREDENTIAL: '0' });
  const server = await startServer({ config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));
  const bridge = await bridgeTo(t, f, server.url);
  const outcomes: string[] = [];
  for (let i = 0; i < 8 && !outcomes.some((o) => o !== 'ok'); i++) {
    outcomes.push(await bridge.call('list_todos', {}).then(() => 'ok', (err: Error) => err.message));
  }
  t.equal(outcomes[0], 'ok', 'the first call is within the burst');
  t.match(outcomes.at(-1), /^MCP error -32000: throttled: this credential is making requests faster than it may \(SWITCHBOARD_HTTP_REQUESTS_PER_SECOND 1/,
    "a refused call says throttled in the server's words, not that the server could not be reached");
  t.match(bridge.out.stderr, /the server throttled a request \(429\)/, 'and the bridge logs what happened');
  t.notMatch(bridge.out.stderr, /could not reach the server/);
});

t.test('throttledMessage: the server\'s words from the SDK\'s error text, or a general one', async (t) => {
  const { throttledMessage } = await import('../../src/mcp/stdio.js');
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'throttled: too "fast" (X 1)' }, id: null });
  t.equal(throttledMessage(`Streamable HTTP error: Error POSTing to endpoint: ${body}`), 'throttled: too "fast" (X 1)');
  t.match(throttledMessage('Streamable HTTP error: Error POSTing to endpoint: <html>'), /^throttled: the server refused/);
});

t.test('a bridge with an unknown credential: the client is told the server refused it', async (t) => {
  const f = await fixture(t);
  const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));
  const { client, transport, out } = await stdioClient(t, {
    command: 'node',
    args: [(await import('./run.js')).CLI, 'mcp'],
    env: { SWITCHBOARD_URL: `${server.url}/mcp`, SWITCHBOARD_CREDENTIAL: 'sbk_not_a_real_one' },
  });
  await t.rejects(client.connect(transport), /Unauthorized: the server refused the credential/);
  await until(async () => /the server refused the credential \(401\)/.test(out.stderr), 'the bridge to log the refusal');
  t.notMatch(out.stderr, /could not reach the server/, 'the bridge logs what happened, not that the server was unreachable');
});

t.test('switchboard mcp without a credential exits 2 naming the variable', async (t) => {
  const r = await runCli(['mcp'], { SWITCHBOARD_URL: 'http://127.0.0.1:1/mcp' });
  t.equal(r.code, 2);
  t.match(r.stderr, /^switchboard: SWITCHBOARD_CREDENTIAL: required/);
});
