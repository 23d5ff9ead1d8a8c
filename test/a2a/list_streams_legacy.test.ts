// ListTasks order and paging, the streams' bounds (a disconnect frees its slot, the per-credential cap answers 429,
// a terminal task's subscribe is -32004), the v0.3 client through the SDK's legacyCompat, the agent card, and the
// NOTIFY that only todos filed over A2A raise.
import { SendMessageRequest, TaskState } from '@a2a-js/sdk';
import postgres from 'postgres';
import t from 'tap';
import { call } from '../mcp/helpers.js';
import { a2aFixture, eventually, Events, filing, taskOf } from './helpers.js';

t.test('ListTasks: the caller\'s tasks, newest status change first, a page at a time', async (t) => {
  const f = await a2aFixture(t);
  const ep = await f.endpoint('requester');
  const other = await f.endpoint('other');
  const client = await f.client(ep.credential);
  const a = taskOf(await client.sendMessage(filing({ queue: 'q', title: 'a' })));
  const b = taskOf(await client.sendMessage(filing({ queue: 'q', title: 'b' })));
  const c = taskOf(await client.sendMessage(filing({ queue: 'q', title: 'c' })));
  await (await f.client(other.credential)).sendMessage(filing({ queue: 'q' }));
  // a changes last: claimed now.
  const w = await f.worker(ep.credential);
  await f.db.sql`update switchboard.todos set priority = 1 where id = ${a.id}`;
  await call(w, 'claim_next', { queue: 'q' });

  const page1 = await client.listTasks({ tenant: '', contextId: '', status: 0, pageToken: '', statusTimestampAfter: undefined, pageSize: 2 });
  t.same(page1.tasks.map((x) => x.id), [a.id, c.id], 'newest status change first: the claim of a, then c');
  t.equal(page1.totalSize, 3, 'only the caller\'s own tasks are counted');
  t.not(page1.nextPageToken, '', 'a next page');
  const page2 = await client.listTasks({ tenant: '', contextId: '', status: 0, pageToken: page1.nextPageToken, statusTimestampAfter: undefined, pageSize: 2 });
  t.same(page2.tasks.map((x) => x.id), [b.id], 'the token continues where the page ended');
  t.equal(page2.nextPageToken, '', 'the last page has no token');
  const working = await client.listTasks({ tenant: '', contextId: '', status: TaskState.TASK_STATE_WORKING, pageToken: '', statusTimestampAfter: undefined });
  t.same(working.tasks.map((x) => x.id), [a.id], 'filtered by status');
});

t.test('a stream is capped per credential, freed when its client goes away, and a final task cannot be subscribed', async (t) => {
  const f = await a2aFixture(t, { SWITCHBOARD_A2A_STREAMS_PER_CREDENTIAL: '2' });
  const ep = await f.endpoint('requester');
  const client = await f.client(ep.credential);
  const task = taskOf(await client.sendMessage(filing({ queue: 'q' })));
  const aborts = [new AbortController(), new AbortController()];
  const streams = aborts.map((ac) => new Events(client.resubscribeTask({ id: task.id, tenant: '' }, { signal: ac.signal })));
  for (const s of streams) t.equal((await s.next())?.payload?.$case, 'task', 'a stream opens');
  t.equal(f.server.a2a.followers.count(ep.endpoint_id), 2, 'two streams held');

  const third = await f.rpc(ep.credential, { jsonrpc: '2.0', id: 3, method: 'SubscribeToTask', params: { id: task.id } });
  t.equal(third.status, 429, 'a third is refused: 429');
  t.ok(Number(third.headers.get('retry-after')) > 0, 'with Retry-After');
  t.match(third.body.error.message, /SWITCHBOARD_A2A_STREAMS_PER_CREDENTIAL/, 'naming the setting');

  aborts[0].abort();
  t.ok(await eventually(() => f.server.a2a.followers.count(ep.endpoint_id) === 1), 'a client that goes away frees its stream at once, not at the task\'s next change');
  const third2 = new AbortController();
  const again = new Events(client.resubscribeTask({ id: task.id, tenant: '' }, { signal: third2.signal }));
  t.equal((await again.next())?.payload?.$case, 'task', 'and another stream can open');
  third2.abort();
  aborts[1].abort();
  t.ok(await eventually(() => f.server.a2a.followers.count(ep.endpoint_id) === 0), 'every stream freed');

  const done = taskOf(await client.sendMessage(filing({ queue: 'done' })));
  await client.cancelTask({ id: done.id, tenant: '', metadata: undefined });
  const final = await f.rpc(ep.credential, { jsonrpc: '2.0', id: 4, method: 'SubscribeToTask', params: { id: done.id } });
  t.equal(final.body.error.code, -32004, 'subscribing to a final task: -32004');
});

t.test('a v0.3 client: message/send, tasks/get and tasks/cancel over the same handler', async (t) => {
  const f = await a2aFixture(t);
  const ep = await f.endpoint('requester');
  const legacy = f.legacy(ep.credential);
  t.equal(legacy.protocolVersion, '0.3');
  const sent = taskOf(await legacy.sendMessage(filing({ queue: 'q', payload: { v: 3 } }, { messageId: 'legacy-1' })));
  const again = taskOf(await legacy.sendMessage(filing({ queue: 'q', payload: { v: 3 } }, { messageId: 'legacy-1' })));
  t.equal(again.id, sent.id, 'the same messageId answers the same task');
  const read = await legacy.getTask({ id: sent.id, tenant: '' });
  t.equal(read.status?.state, TaskState.TASK_STATE_SUBMITTED, 'tasks/get reads it');
  const canceled = await legacy.cancelTask({ id: sent.id, tenant: '', metadata: undefined });
  t.equal(canceled.status?.state, TaskState.TASK_STATE_CANCELED, 'tasks/cancel cancels it');
  const raw = await f.rpc(ep.credential, { jsonrpc: '2.0', id: 9, method: 'tasks/get', params: { id: sent.id } }, { 'a2a-version': '0.3' });
  t.equal(raw.body.result.status.state, 'canceled', 'on the wire in v0.3 form');
});

t.test('the agent card: absolute URLs, a bearer scheme, skills naming no queue, v1.0 and v0.3 shapes', async (t) => {
  const f = await a2aFixture(t, { SWITCHBOARD_PUBLIC_URL: 'https://switchboard.example' });
  const ep = await f.endpoint('requester');
  const sent = await f.rpc(ep.credential, { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: SendMessageRequest.toJSON(filing({ queue: 'secret-queue-name' })) });
  t.ok(sent.body.result.task.id, 'a task filed to a queue of this tenant');
  const v1 = await (await fetch(`${f.server.url}/.well-known/agent-card.json`, { headers: { 'a2a-version': '1.0' } })).text();
  const card = JSON.parse(v1);
  t.same(card.supportedInterfaces.map((i: { url: string; protocolVersion: string }) => [i.url, i.protocolVersion]), [
    ['https://switchboard.example/a2a', '1.0'],
    ['https://switchboard.example/a2a', '0.3'],
  ], 'absolute URLs from SWITCHBOARD_PUBLIC_URL, both protocol versions');
  t.match(card.securitySchemes.bearer, { httpAuthSecurityScheme: { scheme: 'Bearer' } }, 'a bearer scheme');
  t.notMatch(v1, /\$case/, 'served through AgentCard.toJSON: no internal shapes');
  t.notMatch(v1, /secret-queue-name/, 'no tenant\'s queue is named');
  t.equal(card.capabilities.pushNotifications ?? false, false, 'push notifications are not offered');
  t.equal(card.capabilities.streaming, true);
  const v03 = await (await fetch(`${f.server.url}/.well-known/agent-card.json`)).json();
  t.equal(v03.protocolVersion, '0.3', 'a client naming no version gets the v0.3 card');
  t.equal(v03.url, 'https://switchboard.example/a2a');
  const extended = await f.rpc(ep.credential, { jsonrpc: '2.0', id: 1, method: 'GetExtendedAgentCard', params: {} });
  t.match(extended.body.result.description, /holds the verbs: add_todo/, 'the authenticated extended card names the caller\'s verbs');
});

t.test('only todos filed over A2A NOTIFY switchboard_a2a, with an opaque key and nothing else', async (t) => {
  const f = await a2aFixture(t);
  const ep = await f.endpoint('requester');
  const heard: string[] = [];
  const listener = postgres(f.db.url, { max: 1, onnotice: () => {} });
  t.teardown(() => listener.end({ timeout: 2 }));
  await listener.listen('switchboard_a2a', (payload) => heard.push(payload));

  // A todo filed over MCP, claimed and completed over MCP: not a word.
  const w = await f.worker(ep.credential);
  const added = await call(w, 'add_todo', { queue: 'mcp' });
  const claimed = await call(w, 'claim_next', { queue: 'mcp' });
  await call(w, 'complete', { todo_id: claimed.doc.id, result: {} });
  t.equal(claimed.doc.id, added.doc.id);
  // One filed over A2A: its claim and completion are heard.
  const task = taskOf(await (await f.client(ep.credential)).sendMessage(filing({ queue: 'a2a' })));
  await call(w, 'claim_next', { queue: 'a2a' });
  await call(w, 'complete', { todo_id: task.id, result: {} });
  t.ok(await eventually(() => heard.length >= 2), 'the A2A todo\'s claim and completion NOTIFY');
  t.equal(heard.length, 2, 'and nothing else did');
  t.ok(heard.every((p) => /^[0-9a-f]{32}$/.test(p)), 'each payload is an opaque key');
  t.ok(heard.every((p) => !p.includes(task.id.replace(/-/g, '')) && !p.includes(ep.endpoint_id.replace(/-/g, ''))), 'naming no todo and no endpoint');
});
