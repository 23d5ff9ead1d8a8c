// CancelTask of a live claimed todo (its attempt closed canceled/canceled) and of a done one (-32002), and the error
// mapping: unknown, foreign and malformed ids answer alike, a revoked credential is refused, and a bad request is
// answered as JSON-RPC naming what is wrong, never an HTML page or a stack.
import { TaskState } from '@a2a-js/sdk';
import t from 'tap';
import { call } from '../mcp/helpers.js';
import { a2aFixture, Events, filing, taskOf } from './helpers.js';

t.test('CancelTask stops a claimed todo, closing its attempt canceled/canceled; a done one is not cancelable', async (t) => {
  const f = await a2aFixture(t);
  const requester = await f.endpoint('requester');
  const client = await f.client(requester.credential);
  const task = taskOf(await client.sendMessage(filing({ queue: 'q' })));
  const w = await f.worker(requester.credential);
  await call(w, 'claim_next', { queue: 'q', claimant: 'busy-worker' });

  const canceled = await client.cancelTask({ id: task.id, tenant: '', metadata: undefined });
  t.equal(canceled.status?.state, TaskState.TASK_STATE_CANCELED, 'the task is CANCELED');
  const [attempt] = await f.db.sql`select outcome, disposition, ended_at from switchboard.todo_attempts where todo_id = ${task.id}`;
  t.same([attempt.outcome, attempt.disposition], ['canceled', 'canceled'], 'the open attempt closed canceled/canceled');
  t.ok(attempt.ended_at, 'with an end time');
  const late = await call(w, 'complete', { todo_id: task.id, result: {} });
  t.equal(late.doc.error, 'conflict', 'the worker that held it can no longer complete it');
  const twice = await client.cancelTask({ id: task.id, tenant: '', metadata: undefined });
  t.equal(twice.status?.state, TaskState.TASK_STATE_CANCELED, 'canceling again answers the canceled task');

  const done = taskOf(await client.sendMessage(filing({ queue: 'q' })));
  const c = await call(w, 'claim_next', { queue: 'q' });
  await call(w, 'complete', { todo_id: c.doc.id, result: {} });
  const refused = await f.rpc(requester.credential, { jsonrpc: '2.0', id: 7, method: 'CancelTask', params: { id: done.id } });
  t.equal(refused.body.error.code, -32002, 'a done task: -32002 (not cancelable)');
  t.match(refused.body.error.message, /is done and cannot be canceled/);

  // The same verb over MCP, for a requester that speaks MCP.
  const pending = taskOf(await client.sendMessage(filing({ queue: 'other' })));
  const viaMcp = await call(w, 'cancel', { todo_id: pending.id });
  t.equal(viaMcp.doc.state, 'canceled', 'the MCP tool cancel is the same verb');
});

t.test('an unknown, a foreign and a malformed task id answer the same -32001, apart from the id echoed', async (t) => {
  const f = await a2aFixture(t);
  const mine = await f.endpoint('mine');
  const theirs = await f.endpoint('theirs');
  const foreign = taskOf(await (await f.client(theirs.credential)).sendMessage(filing({ queue: 'q' })));
  const ask = async (method: string, id: string) => {
    const r = await f.rpc(mine.credential, { jsonrpc: '2.0', id: 1, method, params: { id } });
    return { status: r.status, text: r.text.split(JSON.stringify(id).slice(1, -1)).join('ID'), code: r.body?.error?.code };
  };
  for (const method of ['GetTask', 'CancelTask', 'SubscribeToTask']) {
    const a = await ask(method, foreign.id);
    const b = await ask(method, '0192f1c4-1111-7222-8333-444455556666');
    const c = await ask(method, 'not-a-task-id');
    t.equal(a.code, -32001, `${method}: a foreign id is -32001`);
    t.equal(a.text, b.text, `${method}: byte for byte an unknown id's answer`);
    t.equal(a.text, c.text, `${method}: and a malformed id's`);
    t.equal(a.status, b.status);
  }
});

t.test('a revoked credential is refused, and its open stream ends', async (t) => {
  const f = await a2aFixture(t);
  const requester = await f.endpoint('requester');
  const client = await f.client(requester.credential);
  const task = taskOf(await client.sendMessage(filing({ queue: 'q' })));
  const events = new Events(client.resubscribeTask({ id: task.id, tenant: '' }));
  t.equal((await events.next())?.payload?.$case, 'task');
  await f.db.sql`select switchboard.revoke_endpoint(${requester.owner_id}::uuid, ${requester.endpoint_id}::uuid)`;
  t.equal(await events.next(), null, 'the stream ends at its next read');
  t.ok(events.error, 'with an error event');
  const r = await f.rpc(requester.credential, { jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: task.id } });
  t.equal(r.status, 401, 'a new request is 401');
  t.match(r.headers.get('www-authenticate') ?? '', /^Bearer/, 'with WWW-Authenticate: Bearer');
  t.equal(f.server.a2a.followers.count(), 0, 'no follower is left');
});

t.test('bad requests are answered as JSON-RPC errors naming what is wrong, never HTML or a stack', async (t) => {
  const f = await a2aFixture(t, { SWITCHBOARD_A2A_MAX_BODY_BYTES: '65536' });
  const ep = await f.endpoint('requester');
  const send = (parts: unknown[], metadata?: unknown) =>
    f.rpc(ep.credential, { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: `m-${Math.random()}`, role: 'ROLE_USER', parts, metadata } } });

  const none = await f.rpc(null, { jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'x' } });
  t.equal(none.status, 401, 'no credential: 401');
  t.match(none.headers.get('www-authenticate') ?? '', /^Bearer realm="switchboard"/);

  const big = await f.rpc(ep.credential, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { pad: 'x'.repeat(200_000) } }));
  t.equal(big.status, 413, 'a body over the limit (and over the SDK\'s own 100 KB): 413');
  t.match(big.headers.get('content-type') ?? '', /application\/json/, 'as JSON');
  t.match(big.body.error.message, /SWITCHBOARD_A2A_MAX_BODY_BYTES/, 'naming the setting');
  t.notMatch(big.text, /<html|<pre|at \//i, 'no HTML page, no stack');

  const junk = await f.rpc(ep.credential, '{"jsonrpc": "2.0", "id": 1, "method": ');
  t.equal(junk.body.error.code, -32700, 'not JSON: parse error');

  const badField = await send([{ data: { queue: 'q', max_attempts: 'five' } }]);
  t.equal(badField.body.error.code, -32602, 'a malformed field: -32602');
  t.match(badField.body.error.message, /max_attempts/, 'naming the argument');
  const unknown = await send([{ data: { queue: 'q', colour: 'red' } }]);
  t.match(unknown.body.error.message, /unknown field colour/, 'an undeclared field is named');
  const noQueue = await send([{ text: 'please fix the build' }]);
  t.equal(noQueue.body.error.code, -32602, 'text with no queue and no default queue: -32602');
  t.match(noQueue.body.error.message, /queue is required/, 'naming queue');
  await f.db.sql`select switchboard.set_endpoint_default_queue(${ep.owner_id}::uuid, ${ep.endpoint_id}::uuid, 'inbox')`;
  const toDefault = await send([{ text: 'please fix the build' }]);
  t.equal(toDefault.body.result.task.metadata.queue, 'inbox', 'with a default queue the text goes there');
  const [todo] = await f.db.sql`select payload from switchboard.todos where id = ${toDefault.body.result.task.id}`;
  t.same(todo.payload, { text: 'please fix the build' }, 'as payload {"text": ...}');
  const named = await send([{ text: 'to the named queue' }], { queue: 'named' });
  t.equal(named.body.result.task.metadata.queue, 'named', 'a queue in the message metadata wins');
  const sendAs = (messageId: string, text: string) =>
    f.rpc(ep.credential, { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId, role: 'ROLE_USER', parts: [{ text }] } } });
  const once = await sendAs('reused-1', 'build it');
  t.equal((await sendAs('reused-1', 'build it')).body.result.task.id, once.body.result.task.id, 'the same message again: its task');
  const reused = await sendAs('reused-1', 'deploy it');
  t.equal(reused.body.error.code, -32602, 'a messageId reused with another text: -32602, not the old task');
  t.match(reused.body.error.message, /conflict: this messageId was sent before with another message/, 'saying why');
  const file = await send([{ url: 'https://example.com/x.pdf', mediaType: 'application/pdf' }]);
  t.equal(file.body.error.code, -32005, 'a file part: -32005');
  const push = await f.rpc(ep.credential, { jsonrpc: '2.0', id: 1, method: 'CreateTaskPushNotificationConfig', params: { taskId: 'x', url: 'https://example.com' } });
  t.equal(push.body.error.code, -32003, 'push notification configs: -32003');
  const get = await fetch(`${f.server.url}/a2a`, { headers: { authorization: `Bearer ${ep.credential}` } });
  t.equal(get.status, 405, 'GET /a2a: 405');
  t.match(get.headers.get('content-type') ?? '', /application\/json/);
});

t.test('a body over the SDK\'s own 100 KB parser but within ours is read once, by ours, and filed', async (t) => {
  const f = await a2aFixture(t);
  const ep = await f.endpoint('requester');
  const payload = { blob: 'x'.repeat(150_000) };
  const r = await f.rpc(ep.credential, {
    jsonrpc: '2.0',
    id: 1,
    method: 'SendMessage',
    params: { message: { messageId: 'big-1', role: 'ROLE_USER', parts: [{ data: { queue: 'q', payload } }] }, configuration: { returnImmediately: true } },
  });
  t.equal(r.status, 200, `150 KB is filed (${r.text.slice(0, 200)})`);
  const [todo] = await f.db.sql`select octet_length(payload::text) as n from switchboard.todos where id = ${r.body.result.task.id}`;
  t.ok(todo.n > 150_000, 'with its whole payload');
});
