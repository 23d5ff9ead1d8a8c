// Long-lived A2A streams meet the front door's budgets: per endpoint, per tenant (all of one owner's endpoints, so
// vending more buys no more streams) and in all below the connection limit less its reserve; one beyond each is 429
// naming its setting and counted under its label, while short requests still get through.
import t from 'tap';
import { a2aFixture, eventually, Events, filing, taskOf } from './helpers.js';

t.test('streams: per endpoint, per tenant, in all with a reserve of connections; refusals counted', async (t) => {
  const f = await a2aFixture(t, {
    SWITCHBOARD_A2A_STREAMS_PER_CREDENTIAL: '2',
    SWITCHBOARD_HTTP_STREAMS_PER_TENANT: '3',
    SWITCHBOARD_MAX_CONNECTIONS: '50',
    SWITCHBOARD_HTTP_CONNECTION_RESERVE: '46',
  });
  const door = f.server.door;
  t.equal(door.streams.limits.total, 4, 'streams in all: the connection limit less the reserve');
  const owner = await f.owner('minter');
  const eps = [await f.vend(owner, 'a'), await f.vend(owner, 'b')];
  const other = await f.endpoint('honest');
  const aborts: AbortController[] = [];
  t.teardown(() => aborts.forEach((a) => a.abort()));
  const open = async (credential: string) => {
    const client = await f.client(credential);
    const task = taskOf(await client.sendMessage(filing({ queue: 'q' })));
    const ac = new AbortController();
    aborts.push(ac);
    const s = new Events(client.resubscribeTask({ id: task.id, tenant: '' }, { signal: ac.signal }));
    return (await s.next())?.payload?.$case;
  };
  const refused = async (credential: string) => {
    const client = await f.client(credential);
    const task = taskOf(await client.sendMessage(filing({ queue: 'q' })));
    return f.rpc(credential, { jsonrpc: '2.0', id: 9, method: 'SubscribeToTask', params: { id: task.id } });
  };

  t.equal(await open(eps[0].credential), 'task', 'a stream of endpoint a');
  t.equal(await open(eps[0].credential), 'task', 'a second of a');
  const perEndpoint = await refused(eps[0].credential);
  t.equal(perEndpoint.status, 429, 'a third of a: 429');
  t.match(perEndpoint.body.error.message, /SWITCHBOARD_A2A_STREAMS_PER_CREDENTIAL/);
  t.equal(await open(eps[1].credential), 'task', 'endpoint b of the same owner: its first stream');
  const perTenant = await refused(eps[1].credential);
  t.equal(perTenant.status, 429, "b's second: 429, the owner's three are open though b holds one");
  t.match(perTenant.body.error.message, /SWITCHBOARD_HTTP_STREAMS_PER_TENANT/, 'naming the per-tenant setting');
  t.equal(await open(other.credential), 'task', "another owner's endpoint opens a stream: the fourth");
  const total = await refused(other.credential);
  t.equal(total.status, 429, 'a fifth stream in all: 429');
  t.match(total.body.error.message, /SWITCHBOARD_HTTP_CONNECTION_RESERVE/, 'naming the reserve');
  const card = await fetch(`${f.server.url}/.well-known/agent-card.json`);
  t.equal(card.status, 200, 'short requests still get through');
  t.same([door.throttled.streams_per_endpoint, door.throttled.streams_per_tenant, door.throttled.streams_total], [1, 1, 1],
    'each refusal counted under its label');
  aborts.forEach((a) => a.abort());
  t.ok(await eventually(() => door.streams.count() === 0), 'every stream freed when its client goes');
});

t.test('a held stream whose request body came chunked keeps only the bytes it sent from the body budget', async (t) => {
  const f = await a2aFixture(t, { SWITCHBOARD_A2A_MAX_BODY_BYTES: String(256 * 1024) });
  const door = f.server.door;
  const ep = await f.endpoint('requester');
  const client = await f.client(ep.credential);
  const task = taskOf(await client.sendMessage(filing({ queue: 'q' })));
  const body = new TextEncoder().encode(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SubscribeToTask', params: { id: task.id } }));
  const ac = new AbortController();
  t.teardown(() => ac.abort());
  const res = await fetch(`${f.server.url}/a2a`, {
    method: 'POST',
    signal: ac.signal,
    headers: { authorization: `Bearer ${ep.credential}`, 'content-type': 'application/json', 'a2a-version': '1.0' },
    // A stream body: sent chunked, with no Content-Length, so the door first reserves the whole limit for it.
    body: new ReadableStream({ start(c) { c.enqueue(body); c.close(); } }),
    duplex: 'half',
  } as RequestInit);
  t.equal(res.status, 200, 'the stream opens');
  t.ok(await eventually(() => door.streams.count() === 1), 'and is held');
  t.equal(door.bodies.inFlight(), body.length, 'holding only the bytes its body had, not the 256 KiB limit');
  ac.abort();
  t.ok(await eventually(() => door.bodies.inFlight() === 0), 'and nothing once it ends');
});
