// A tenant at its quota of stored todos (todos_max_per_scope) is told so on both surfaces it files through, in the
// database's words naming the setting, and nothing is filed: an agent's add_todo over MCP answers throttled, a
// requester's SendMessage over A2A a JSON-RPC error (not a task); the retried SendMessage of a message it sent before
// still answers that task. A database too busy to answer keeps its retryable words.
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { createPool } from '../../src/db.js';
import { startServer } from '../../src/server.js';
import { call } from '../mcp/helpers.js';
import { SendMessageRequest } from '@a2a-js/sdk';
import { a2aFixture, filing, taskOf } from './helpers.js';

t.test('a scope at todos_max_per_scope is refused throttled over MCP and A2A, and nothing is filed', async (t) => {
  const f = await a2aFixture(t);
  await f.db.sql`insert into switchboard.settings (key, value) values ('todos_max_per_scope', '2')
                 on conflict (key) do update set value = excluded.value`;
  const requester = await f.endpoint('requester');
  const client = await f.client(requester.credential);
  const agent = await f.worker(requester.credential);

  const first = filing({ queue: 'q' });
  const task = taskOf(await client.sendMessage(first));
  const added = await call(agent, 'add_todo', { queue: 'q' });
  t.equal(added.isError, false, 'two todos: one by A2A, one by MCP');

  const refused = await call(agent, 'add_todo', { queue: 'q' });
  t.equal(refused.isError, true);
  t.equal(refused.doc.error, 'throttled', 'a third add_todo over MCP is throttled');
  t.match(refused.doc.message, /stores 2 todos, its quota \(todos_max_per_scope\)/, 'naming the quota');
  t.equal(refused.doc.retry_after_seconds, 3600, 'and room frees no sooner than the hourly prune');
  const batch = await call(agent, 'add_todos', { todos: [{ queue: 'q' }] });
  t.same([batch.doc.error, batch.doc.retry_after_seconds], ['throttled', 3600], 'add_todos says the same');

  const r = await f.rpc(requester.credential, { jsonrpc: '2.0', id: 3, method: 'SendMessage', params: SendMessageRequest.toJSON(filing({ queue: 'q' })) });
  t.equal(r.status, 200);
  t.notOk(r.body.result, 'SendMessage answers no task');
  t.match(r.body.error?.message, /^throttled: .*todos_max_per_scope/, 'but an error naming the quota');

  const again = taskOf(await client.sendMessage(first));
  t.equal(again.id, task.id, 'the same message again answers its task, at the quota');
  const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.todos where endpoint_id = ${requester.endpoint_id}`;
  t.equal(n, 2, 'and the scope still stores two todos');
});

t.test('a database too busy to answer SendMessage is "unavailable: retry shortly", and the retry files once', async (t) => {
  const f = await a2aFixture(t);
  const requester = await f.endpoint('requester');
  const sql = createPool(f.db.url, { max: 2, role: null, statementTimeoutMs: 300 });
  const server = await startServer({
    config: loadConfig({ SWITCHBOARD_HTTP_REFUSAL_DELAY_MS: '0', SWITCHBOARD_A2A_BLOCKING_SECONDS: '0' }),
    sql, log: f.ctx.log, host: '127.0.0.1', port: 0,
  });
  t.teardown(async () => {
    await server.stop(1000);
    await sql.end({ timeout: 2 });
  });
  const send = () => fetch(`${server.url}/a2a`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0', authorization: `Bearer ${requester.credential}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage',
                           params: SendMessageRequest.toJSON(filing({ queue: 'q' }, { messageId: 'busy-1' })) }),
  }).then((r) => r.json() as Promise<any>);

  const blocker = await f.db.sql.reserve();
  await blocker`begin`;
  await blocker`lock table switchboard.todos in access exclusive mode`;
  const busy = await send();
  await blocker`rollback`;
  blocker.release();
  t.equal(busy.error?.message, 'unavailable: retry shortly', 'a statement timeout is unavailable, to be retried');
  const again = await send();
  t.ok(again.result?.task?.id, 'the same message once the database is free files its task');
  const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.todos where endpoint_id = ${requester.endpoint_id}`;
  t.equal(n, 1, 'once');
});
