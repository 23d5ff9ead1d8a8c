// `switchboard mcp` end to end: a real SDK client spawns the CLI and drives it over stdio.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import t from 'tap';
import { freshDatabase } from '../helpers/db.js';
import { CLI, runCli } from './run.js';

t.test('an agent drains a todo over stdio; attempts opened over stdio record no MCP session', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const [o] = await db.sql`select switchboard.add_owner('alice') as doc`;
  const [e] = await db.sql`select switchboard.vend_endpoint(${o.doc.owner_id}::uuid, 'stdio-bot') as doc`;
  const credential: string = e.doc.credential;

  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp'],
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: db.url, SWITCHBOARD_CREDENTIAL: credential, LOG_LEVEL: 'info' },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d) => (stderr += d));
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
  await client.connect(transport);

  const tools = (await client.listTools()).tools.map((x) => x.name).sort();
  t.same(tools, ['add_todo', 'claim', 'claim_next', 'complete', 'fail', 'get_todo', 'heartbeat', 'list_todos', 'release']);
  const call = async (name: string, args: Record<string, unknown>) =>
    ((await client.callTool({ name, arguments: args })) as CallToolResult).structuredContent as Record<string, any>;

  const todo = await call('add_todo', { queue: 'q', payload: { n: 1 } });
  const claimed = await call('claim_next', { queue: 'q', claimant: 'stdio', require_fence: true });
  t.match(claimed, { id: todo.id, state: 'claimed', attempt_seq: 1, payload: { n: 1 } });
  const done = await call('complete', { todo_id: todo.id, lease_token: claimed.lease_token, summary: 'ok' });
  t.equal(done.state, 'done');
  t.match(await call('get_todo', { todo_id: 'nope' }), { error: 'invalid' });

  const [row] = await db.sql`select mcp_session_id, outcome from switchboard.todo_attempts where todo_id = ${todo.id}::uuid`;
  t.same(row, { mcp_session_id: null, outcome: 'completed' }, 'stdio has no MCP session id');

  await client.close();
  t.match(stderr, /"verb":"complete","outcome":"ok"/, 'tool calls are logged to stderr');
  t.notOk(stderr.includes(credential), 'the credential is not logged');
  t.notOk(stderr.includes(claimed.lease_token), 'the lease token is not logged');
});

t.test('switchboard mcp with an unknown credential exits 1 and says why', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const r = await runCli(['mcp'], { DATABASE_URL: db.url, SWITCHBOARD_CREDENTIAL: 'sbk_not_a_real_one' });
  t.equal(r.code, 1);
  t.match(r.stderr, /^switchboard: forbidden: unknown or revoked credential\n/);
});
