// The door's other bounds through real HTTP: the per-credential request rate (a burst at once, the next held for
// its turn, the rest refused with 429 after their wait, naming the setting; another tenant untouched), the
// per-address shares (connections and requests in flight; behind a trusted proxy, by X-Forwarded-For), and the
// bytes of request bodies in flight (a body waits for room, then 429); each refusal counted on /metrics.
import { connect, type Socket } from 'node:net';
import t from 'tap';
import { ByteBudget } from '../../src/http/body-budget.js';
import { metricsHandler } from '../../src/metrics.js';
import { fixture } from '../mcp/helpers.js';
import { until } from '../worker/helpers.js';
import { post, serve, toolCall, toolsList } from './helpers.js';

t.test('request rate: a burst at once, one held for its turn, the rest refused after their wait; others untouched', async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const b = await f.vend(await f.owner('bob'), 'b');
  // Three requests in a window of three seconds; one more may wait for the next window.
  const server = await serve(
    t,
    f,
    {
      SWITCHBOARD_HTTP_REQUESTS_PER_SECOND: '1',
      SWITCHBOARD_HTTP_REQUEST_BURST: '3',
      SWITCHBOARD_HTTP_QUEUE_PER_CREDENTIAL: '1',
      SWITCHBOARD_HTTP_QUEUE_WAIT_MS: '500',
    },
    { mount: [(app, ctx) => app.get('/metrics', metricsHandler(f.db.sql, { door: ctx.door }))] },
  );
  const started = Date.now();
  const answers = await Promise.all(
    [1, 2, 3, 4, 5, 6].map(async (i) => ({ ...(await post(server.url, a.credential, toolCall(i, 'add_todo', { queue: 'q' }))), ms: Date.now() - started })),
  );
  const ok = answers.filter((x) => x.status === 200);
  const refused = answers.filter((x) => x.status === 429);
  t.equal(ok.length, 4, 'a burst of three, and one more held for its turn');
  t.ok(Math.max(...ok.map((x) => x.ms)) >= 1000, 'the fourth was held until the next window, not answered with the burst');
  t.equal(refused.length, 2, 'the two beyond the one that may wait are refused');
  for (const r of refused) {
    t.match(JSON.parse(r.text), { jsonrpc: '2.0', error: { code: -32000, message: /^throttled: .*SWITCHBOARD_HTTP_REQUESTS_PER_SECOND 1, SWITCHBOARD_HTTP_REQUEST_BURST 3/ } });
    t.ok(Number(r.headers.get('retry-after')) >= 1, 'with Retry-After in whole seconds');
    t.ok(r.ms >= 450, `held ${r.ms} ms before it was sent, not answered at once`);
  }
  const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.todos`;
  t.equal(n, 4, 'only the answered calls created todos');
  t.equal((await post(server.url, b.credential, toolsList)).status, 200, "another tenant's request is answered while a is paced");
  const metrics = await (await fetch(`${server.url}/metrics`)).text();
  t.match(metrics, /^switchboard_http_requests_throttled_total\{limit="request_rate"\} 2$/m, '/metrics counts the refusals by their limit');
  t.match(metrics, /^switchboard_http_requests_throttled_total\{limit="body_bytes_in_flight"\} 0$/m, 'and the limits that refused nothing, at 0');
});

t.test('new connections per address: beyond the burst, one more is closed as it opens, before a byte is read; another address is not counted', async (t) => {
  const f = await fixture(t);
  const server = await serve(t, f, {
    SWITCHBOARD_HTTP_NEW_CONNECTION_BURST_PER_ADDRESS: '2',
    SWITCHBOARD_HTTP_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS: '1',
  });
  const open = (localAddress: string) =>
    new Promise<Socket>((resolve, reject) => {
      const s = connect({ port: server.port, host: '127.0.0.1', localAddress }, () => resolve(s));
      s.on('error', reject);
    });
  const closedSoon = (s: Socket) =>
    new Promise<boolean>((resolve) => {
      s.once('close', () => resolve(true));
      setTimeout(() => resolve(false), 1000);
    });
  const burst = await Promise.all([open('127.0.0.1'), open('127.0.0.1')]);
  t.teardown(() => burst.forEach((s) => s.destroy()));
  const third = await open('127.0.0.1');
  t.ok(await closedSoon(third), 'a third new connection from the same address within its second is closed at once');
  t.equal(server.door.throttled.new_connections_per_address, 1, 'and counted');
  t.notOk(burst[0].destroyed || burst[1].destroyed, 'the two of the burst stay open');
  const other = await open('127.0.0.2');
  t.teardown(() => other.destroy());
  t.notOk(await closedSoon(other), 'a new connection from another address is not refused meanwhile');
  t.equal(server.door.throttled.new_connections_per_address, 1, 'still one: /metrics exports it by its limit');
});

t.test('connections per address: one beyond the share is closed as it opens; another address is not counted', async (t) => {
  const f = await fixture(t);
  const server = await serve(t, f, { SWITCHBOARD_HTTP_CONNECTIONS_PER_ADDRESS: '3' });
  const open = (localAddress: string) =>
    new Promise<Socket>((resolve, reject) => {
      const s = connect({ port: server.port, host: '127.0.0.1', localAddress }, () => resolve(s));
      s.on('error', reject);
    });
  const mine = await Promise.all([1, 2, 3].map(() => open('127.0.0.1')));
  t.teardown(() => mine.forEach((s) => s.destroy()));
  await until(async () => server.door.sources.load('127.0.0.1').connections === 3, 'the three connections to be counted');
  const fourth = await open('127.0.0.1');
  const closed = await new Promise<boolean>((resolve) => {
    fourth.once('close', () => resolve(true));
    setTimeout(() => resolve(false), 2000);
  });
  t.ok(closed, 'a fourth connection from the same address is closed at once');
  t.equal(server.door.throttled.connections_per_address, 1, 'and counted');
  const { Agent, fetch: undiciFetch } = await import('undici');
  const from2 = new Agent({
    connect: (o, done) => {
      const socket = connect({ host: o.hostname, port: Number(o.port), localAddress: '127.0.0.2' });
      socket.once('connect', () => done(null, socket));
      socket.once('error', (err) => done(err, null));
      return socket;
    },
  });
  const other = await undiciFetch(`${server.url}/healthz`, { dispatcher: from2 });
  t.equal(other.status, 200, 'a client from another address is answered meanwhile');
});

t.test('requests per address behind a trusted proxy: counted by X-Forwarded-For, one beyond is 429 at once', async (t) => {
  const f = await fixture(t);
  const server = await serve(t, f, {
    SWITCHBOARD_TRUST_PROXY: 'true',
    SWITCHBOARD_HTTP_REQUESTS_PER_ADDRESS: '2',
    SWITCHBOARD_HTTP_REFUSAL_DELAY_MS: '1500',
  });
  // Two refusals held for their delay fill the share of 203.0.113.7; a third from it is refused at once. The holds
  // are kept until the test lets them go (not a timer), so "at once" is: answered while both are still held.
  const holds: (() => void)[] = [];
  server.door.hold = (go) => void holds.push(go);
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const held = [1, 2].map(() => post(server.url, 'sbk_unknown_one', toolsList, from('203.0.113.7')));
  await until(async () => server.door.sources.load('203.0.113.7').requests === 2 && holds.length === 2, 'two requests to be held');
  const third = await post(server.url, 'sbk_unknown_one', toolsList, from('203.0.113.7'));
  t.equal(third.status, 429, 'a third request from that client: 429');
  t.equal(holds.length, 2, 'at once, while the two are still held: the share is what a client holds, not a queue');
  t.equal(server.door.sources.load('203.0.113.7').requests, 2, 'and not counted against the share');
  t.match(JSON.parse(third.text), { error: { message: /^throttled: .*SWITCHBOARD_HTTP_REQUESTS_PER_ADDRESS 2/ } });
  server.door.hold = (go) => go();
  for (const go of holds.splice(0)) go();
  const other = await post(server.url, 'sbk_unknown_one', toolsList, from('198.51.100.9'));
  t.equal(other.status, 401, 'another client behind the same proxy is not counted against it');
  t.same((await Promise.all(held)).map((r) => r.status), [401, 401]);
});

t.test('bytes of bodies in flight: a body waits for room, and is refused 429 when none comes within the wait', async (t) => {
  const budget = new ByteBudget(100, 200);
  const first = await budget.take(80);
  t.ok(first, 'eighty of a hundred bytes');
  const waiting = budget.take(50);
  const later = budget.take(10);
  t.equal(budget.inFlight(), 80, 'fifty must wait, and ten waits behind it (first come, first served)');
  first!();
  const [second, third] = await Promise.all([waiting, later]);
  t.ok(second && third, 'both go once the eighty are given back');
  t.equal(budget.inFlight(), 60);
  t.equal(await budget.take(60), null, 'sixty more find no room within the wait: refused');
  second!();
  third!();
  t.equal(budget.inFlight(), 0);

  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const server = await serve(t, f, { SWITCHBOARD_HTTP_BODY_BYTES_IN_FLIGHT: String(64 * 1024), SWITCHBOARD_HTTP_QUEUE_WAIT_MS: '300' });
  t.equal((await post(server.url, a.credential, toolsList)).status, 200, 'a is seen valid');
  // A body of 60 KiB announced and half sent holds its bytes; a second of 60 KiB finds no room.
  const half = connect({ port: server.port, host: '127.0.0.1' });
  t.teardown(() => half.destroy());
  half.write(
    `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${a.credential}\r\nContent-Type: application/json\r\n` +
      `Accept: application/json, text/event-stream\r\nContent-Length: ${60 * 1024}\r\n\r\n{"jsonrpc":"2.0",`,
  );
  await until(async () => server.door.bodies.inFlight() === 60 * 1024, 'the half-sent body to hold its bytes');
  const body = JSON.stringify({ ...toolsList, params: { pad: 'x'.repeat(60 * 1024) } });
  const refused = await post(server.url, a.credential, body);
  t.equal(refused.status, 429, 'the second body is refused after its wait');
  t.match(JSON.parse(refused.text), { error: { message: /^throttled: .*SWITCHBOARD_HTTP_BODY_BYTES_IN_FLIGHT 65536/ } });
  half.destroy();
  await until(async () => server.door.bodies.inFlight() === 0, 'the half-sent body to give its bytes back');
  t.equal((await post(server.url, a.credential, body)).status, 200, 'and once it has, the same body is read');
});

// Both ways a tools/call is run: by the transport itself (a plain call) and through the SDK's Protocol (a call with a
// progress token in _meta, which the direct path leaves to the SDK); the gate reads a different signal for each.
for (const [path, meta] of [['answered by the transport', undefined], ['answered through the SDK', { progressToken: 7 }]] as const) {
  t.test(`a call whose client goes away while it waits for its turn at the gate is not run (${path})`, async (t) => {
    const f = await fixture(t);
    const a = await f.vend(await f.owner('alice'), 'a');
    const server = await serve(t, f, { SWITCHBOARD_HTTP_CALLS_PER_CREDENTIAL: '1', SWITCHBOARD_HTTP_QUEUE_WAIT_MS: '10000' });
    t.equal((await post(server.url, a.credential, toolsList)).status, 200, 'a is seen valid');
    await f.db.sql`select switchboard.add_todo(endpoint_id => ${a.endpoint_id}::uuid, queue => 'q')`;
    // One add_todo holds a's only call slot (the todos table is locked); a claim_next waits for its turn behind it.
    const lock = await f.db.sql.reserve();
    await lock`begin`;
    await lock`lock table switchboard.todos in exclusive mode`;
    const first = post(server.url, a.credential, toolCall(1, 'add_todo', { queue: 'other' }));
    await until(async () => server.door.calls.load(a.endpoint_id).running === 1, 'the first call to hold the slot');
    const hangup = new AbortController();
    const call = toolCall(2, 'claim_next', { queue: 'q' });
    const claim = fetch(`${server.url}/mcp`, {
      method: 'POST',
      signal: hangup.signal,
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${a.credential}` },
      body: JSON.stringify(meta ? { ...call, params: { ...call.params, _meta: meta } } : call),
    }).catch(() => null);
    await until(async () => server.door.calls.load(a.endpoint_id).admitted === 2, 'the claim to wait for its turn');
    await new Promise((r) => setTimeout(r, 200));
    hangup.abort();
    await claim;
    await new Promise((r) => setTimeout(r, 300));
    await lock`commit`;
    lock.release();
    await first;
    await until(async () => server.door.calls.load(a.endpoint_id).running === 0, 'the gate to empty');
    await new Promise((r) => setTimeout(r, 500));
    const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.todo_attempts`;
    t.equal(n, 0, 'the claim of the client that had gone was not run: the todo is not claimed');
  });
}
