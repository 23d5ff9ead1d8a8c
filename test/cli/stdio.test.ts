// `switchboard mcp` end to end: a real SDK client spawns the CLI exactly as the config `endpoint vend` printed
// says, and drives a running server through it over stdio; the bridge holds no database login.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import t from 'tap';
import { startServer } from '../../src/server.js';
import { fixture } from '../mcp/helpers.js';
import { runCli } from './run.js';

type Tap = Parameters<Parameters<typeof t.test>[1]>[0];

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
  t.same(tools, ['add_todo', 'claim', 'claim_next', 'complete', 'fail', 'get_todo', 'heartbeat', 'list_todos', 'release']);
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
  t.match(row, { mcp_session_id: /^[0-9a-f-]{36}$/, outcome: 'completed' }, "the attempt records the bridge's server session");

  await bridge.client.close();
  t.match(f.logText(), /"verb":"complete","outcome":"ok"/, 'the server logged the tool calls');
  t.notOk(bridge.out.stderr.includes(credential), 'the bridge never logs the credential');
  t.notOk(bridge.out.stderr.includes(claimed.lease_token), 'nor the lease token');
  for (let i = 0; i < 50 && server.mcp.sessionCount() > 0; i++) await new Promise((r) => setTimeout(r, 100));
  t.equal(server.mcp.sessionCount(), 0, "closing stdin ends the bridge's server session");
});

t.test('a bridge with an unknown credential: the client is told the server refused it', async (t) => {
  const f = await fixture(t);
  const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));
  const { client, transport } = await stdioClient(t, {
    command: 'node',
    args: [(await import('./run.js')).CLI, 'mcp'],
    env: { SWITCHBOARD_URL: `${server.url}/mcp`, SWITCHBOARD_CREDENTIAL: 'sbk_not_a_real_one' },
  });
  await t.rejects(client.connect(transport), /Unauthorized: the server refused the credential/);
});

t.test('switchboard mcp without a credential exits 2 naming the variable', async (t) => {
  const r = await runCli(['mcp'], { SWITCHBOARD_URL: 'http://127.0.0.1:1/mcp' });
  t.equal(r.code, 2);
  t.match(r.stderr, /^switchboard: SWITCHBOARD_CREDENTIAL: required/);
});
