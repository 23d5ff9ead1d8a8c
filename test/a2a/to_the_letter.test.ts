// A2A to the letter, where the official TCK (branch 1.0-dev) looks: a message whose taskId names no task is -32001
// TaskNotFound; the card read without A2A-Version declares capabilities.extendedAgentCard; the card is cacheable
// (max-age, ETag, 304); a 401's JSON-RPC code is not TaskNotFound's; and the SDK client's listTasks({pageSize}) from
// plain JavaScript (status "UNRECOGNIZED") lists without a filter.
import { SendMessageRequest } from '@a2a-js/sdk';
import t from 'tap';
import { a2aFixture, filing, taskOf } from './helpers.js';

t.test('a message whose taskId names no task of the caller\'s is -32001, byte for byte alike; one of its own is -32602', async (t) => {
  const f = await a2aFixture(t);
  const mine = await f.endpoint('mine');
  const theirs = await f.endpoint('theirs');
  const own = taskOf(await (await f.client(mine.credential)).sendMessage(filing({ queue: 'q' })));
  const foreign = taskOf(await (await f.client(theirs.credential)).sendMessage(filing({ queue: 'q' })));
  const send = async (taskId: string) => {
    const params = SendMessageRequest.toJSON(filing({ queue: 'q' })) as { message: Record<string, unknown> };
    params.message.taskId = taskId;
    const r = await f.rpc(mine.credential, { jsonrpc: '2.0', id: 1, method: 'SendMessage', params });
    return { code: r.body?.error?.code, text: r.text.split(JSON.stringify(taskId).slice(1, -1)).join('ID') };
  };
  const unknown = await send('0192f1c4-1111-7222-8333-444455556666');
  t.equal(unknown.code, -32001, 'an unknown taskId: TaskNotFound');
  const other = await send(foreign.id);
  t.equal(other.code, -32001, 'another tenant\'s taskId: TaskNotFound');
  t.equal(other.text, unknown.text, 'byte for byte an unknown one\'s answer, apart from the id');
  t.equal((await send('not-a-task')).code, -32001, 'a taskId that is not an id: TaskNotFound');
  t.equal((await send(own.id)).code, -32602, 'one of the caller\'s own tasks takes no further message: -32602');
  const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.todos`;
  t.equal(n, 2, 'none of them filed a todo');
});

t.test('the card: extendedAgentCard declared without A2A-Version, cacheable in both versions, 304 on a match', async (t) => {
  const f = await a2aFixture(t);
  const url = `${f.server.url}/.well-known/agent-card.json`;
  for (const headers of [{}, { 'a2a-version': '0.3' }, { 'a2a-version': '1.0' }] as Record<string, string>[]) {
    const name = headers['a2a-version'] ?? 'no version';
    const res = await fetch(url, { headers });
    const card = await res.json();
    t.equal(res.status, 200, `${name}: 200`);
    t.equal(card.capabilities.extendedAgentCard, true, `${name}: capabilities.extendedAgentCard`);
    t.match(res.headers.get('cache-control'), /max-age=[1-9]/, `${name}: a max-age`);
    t.notMatch(res.headers.get('cache-control'), /no-cache|no-store/, `${name}: not no-cache`);
    t.match(res.headers.get('vary'), /A2A-Version/i, `${name}: varies by version`);
    const etag = res.headers.get('etag');
    t.ok(etag, `${name}: an ETag`);
    const again = await fetch(url, { headers: { ...headers, 'if-none-match': etag! } });
    t.equal(again.status, 304, `${name}: If-None-Match with its ETag is 304`);
    t.equal(await again.text(), '', `${name}: with no body`);
    const stale = await fetch(url, { headers: { ...headers, 'if-none-match': '"something-else"' } });
    t.equal(stale.status, 200, `${name}: another ETag gets the card`);
  }
  const v03 = await (await fetch(url)).json();
  t.equal(v03.protocolVersion, '0.3', 'without a version: the v0.3 shape');
  t.equal(v03.supportsAuthenticatedExtendedCard, true, 'its own spelling of the extended card too');
  t.match(v03.securitySchemes.bearer, { type: 'http', scheme: 'Bearer' });
  t.same(v03.security, [{ bearer: [] }]);
  t.equal(v03.url, `${f.server.url}/a2a`);
  const v1 = await (await fetch(url, { headers: { 'a2a-version': '1.0' } })).json();
  t.notOk('protocolVersion' in v1, 'with 1.0: the v1.0 shape');
});

t.test('a 401 is not TaskNotFound', async (t) => {
  const f = await a2aFixture(t);
  const none = await f.rpc(null as unknown as string, { jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'x' } });
  t.equal(none.status, 401);
  t.not(none.body.error.code, -32001, `no credential: ${none.body.error.code}, not -32001`);
  const bad = await f.rpc('sbk_not-a-credential', { jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'x' } });
  t.equal(bad.status, 401);
  t.not(bad.body.error.code, -32001, 'an unknown credential: not -32001');
});

t.test('listTasks({pageSize}) as plain JavaScript calls it (status "UNRECOGNIZED"), or an unspecified status: no filter', async (t) => {
  const f = await a2aFixture(t);
  const ep = await f.endpoint('requester');
  const client = await f.client(ep.credential);
  for (let i = 0; i < 3; i++) await client.sendMessage(filing({ queue: 'q' }));
  // What a plain JavaScript caller writes; the SDK's client encodes the missing status as "UNRECOGNIZED".
  const listTasks = client.listTasks.bind(client) as (p: unknown) => ReturnType<typeof client.listTasks>;
  const page = await listTasks({ pageSize: 2 });
  t.equal(page.tasks.length, 2, 'a page of two');
  t.equal(page.totalSize, 3, 'of all three: no status filter');
  for (const status of ['UNRECOGNIZED', 'TASK_STATE_UNSPECIFIED']) {
    const r = await f.rpc(ep.credential, { jsonrpc: '2.0', id: 1, method: 'ListTasks', params: { status, pageSize: 10 } });
    t.equal(r.body.result?.totalSize, 3, `status ${status}: no filter`);
  }
  const working = await f.rpc(ep.credential, { jsonrpc: '2.0', id: 1, method: 'ListTasks', params: { status: 'TASK_STATE_COMPLETED' } });
  t.equal(working.body.result?.totalSize, 0, 'a known state still filters');
});
