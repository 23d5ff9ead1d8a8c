// Bounded MCP over HTTP: a per-credential share of the pool (batches count call by call, other tenants unaffected),
// and concurrent requests of one credential sharing one credential check.
import t from 'tap';
import { post, serve, toolCall } from '../http/helpers.js';
import { until } from '../worker/helpers.js';
import { fixture, holdEndpoints } from './helpers.js';

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

t.test('per-credential fairness: bounded concurrent database calls, a short queue, then 429; other tenants unaffected', async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const b = await f.vend(await f.owner('bob'), 'b');
  const server = await serve(t, f, {
    SWITCHBOARD_HTTP_CALLS_PER_CREDENTIAL: '2',
    SWITCHBOARD_HTTP_QUEUE_PER_CREDENTIAL: '2',
    SWITCHBOARD_HTTP_QUEUE_WAIT_MS: '200',
  });
  // Each seen valid once, so their calls below skip the credential lane.
  await post(server.url, a.credential, initialize);
  await post(server.url, b.credential, initialize);

  // Hold the todos table so a's add_todo calls stay in flight.
  const lock = await f.db.sql.reserve();
  await lock`begin`;
  await lock`lock table switchboard.todos in exclusive mode`;
  const inFlight = [1, 2, 3, 4].map((i) => post(server.url, a.credential, toolCall(10 + i, 'add_todo', { queue: 'q' })));
  const waitingOnLock = async () =>
    (await f.db.sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)[0].n as number;
  for (let i = 0; i < 200 && (server.door.calls.load(a.endpoint_id).admitted < 4 || (await waitingOnLock()) < 2); i++) {
    await new Promise((r) => setTimeout(r, 25));
  }
  t.same(server.door.calls.load(a.endpoint_id), { running: 2, admitted: 4 }, 'two calls run, two wait their turn');
  t.equal(await waitingOnLock(), 2, 'only two of them reached the database');

  const fifth = await post(server.url, a.credential, toolCall(20, 'add_todo', { queue: 'q' }));
  t.equal(fifth.status, 429, 'a fifth call, with no room within the wait: 429');
  t.ok(fifth.headers.get('retry-after'), 'with Retry-After');
  t.match(JSON.parse(fifth.text), { error: { code: -32000, message: /^throttled: .*SWITCHBOARD_HTTP_CALLS_PER_CREDENTIAL/ } });
  const batch = await post(server.url, a.credential, [1, 2, 3, 4, 5].map((i) => toolCall(30 + i, 'list_todos', {})));
  t.equal(batch.status, 429, 'a batch of five tool calls counts five, more than the credential may ever queue');

  const other = await post(server.url, b.credential, toolCall(40, 'list_todos', {}));
  t.equal(other.status, 200, "another tenant's call is answered while a is saturated");
  t.match(other.text, /"todos":\[\]/);

  await lock`commit`;
  lock.release();
  const answers = await Promise.all(inFlight);
  t.same(answers.map((x) => x.status), [200, 200, 200, 200], "a's four admitted calls complete");
  const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.todos`;
  t.equal(n, 4, 'exactly the four admitted add_todo calls created todos');
  t.same(server.door.calls.load(a.endpoint_id), { running: 0, admitted: 0 }, 'and every slot is returned');
});

t.test('requests carrying one credential while its check is under way share that check: one connection, not one each', async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const b = await f.vend(await f.owner('bob'), 'b');
  const server = await serve(t, f);
  let arrived = 0;
  server.http.on('request', () => arrived++);

  // Every credential check reads the endpoints table: held, each check in flight waits on its own pool connection.
  const lock = await holdEndpoints(t, f);

  const opened = Array.from({ length: 10 }, () => post(server.url, a.credential, initialize));
  const other = post(server.url, b.credential, initialize);
  // The check starts synchronously as a request is dispatched, so once all eleven have arrived all have asked.
  await until(async () => arrived === 11, 'all eleven requests to arrive');
  const waiting = await until(async () => {
    const n = await lock.waiting();
    return n >= 2 ? n : null;
  }, 'the checks to wait on the lock');
  t.equal(waiting, 2, "ten requests of a's credential wait on one check, b's on its own");

  await lock.release();
  t.same((await Promise.all(opened)).map((r) => r.status), Array(10).fill(200), 'all ten are answered by the shared check');
  t.equal((await other).status, 200, "and b's");
});
