// Long-poll claim_next over MCP: woken by the doorbell when another client adds a todo, {"empty": true} at the
// deadline, ended by the client's cancellation, and one LISTEN connection however many wait.
import t from 'tap';
import { claimNextWithWait, doorbellFor } from '../../src/doorbell.js';
import { startServer } from '../../src/server.js';
import { call, fixture, httpClient } from '../mcp/helpers.js';
import { until } from '../worker/helpers.js';

t.test('a waiting claim_next returns the todo another client adds meanwhile', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'relay');
  const agent = await f.memoryClient(ep);
  const bell = await doorbellFor(f.ctx.sql);

  const waiting = call(agent, 'claim_next', { queue: 'builds', wait_seconds: 30, claimant: 'waiter' });
  await until(async () => bell.waiting === 1, 'the claim to wait on the doorbell');

  // Another client: a DBA in psql, on its own connection.
  const [{ id }] = await f.db.sql`select switchboard.add_todo(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'builds'::text)->>'id' as id`;
  const { doc, isError } = await waiting;
  t.equal(isError, false, 'no error');
  t.equal(doc.id, id, 'the waiting claim returns the added todo');
  t.equal(doc.state, 'claimed', 'claimed by the waiter');
  t.equal(doc.attempt_seq, 1, 'as its first attempt');
  t.equal(bell.waiting, 0, 'nobody is left waiting');
});

t.test('a ring for another queue does not end the wait; the deadline answers {"empty": true}', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'relay');
  const agent = await f.memoryClient(ep);
  const bell = await doorbellFor(f.ctx.sql);

  const waiting = call(agent, 'claim_next', { queue: 'builds', wait_seconds: 2 });
  await until(async () => bell.waiting === 1, 'the claim to wait');
  const [{ id }] = await f.db.sql`select switchboard.add_todo(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'docs'::text)->>'id' as id`;
  const { doc, isError } = await waiting;
  t.equal(isError, false, 'no error');
  t.same(doc, { empty: true }, 'nothing in builds: empty at the deadline');
  const [{ state }] = await f.db.sql`select state from switchboard.todos where id = ${id}::uuid`;
  t.equal(state, 'pending', 'the docs todo was not taken');

  t.same((await call(agent, 'claim_next', { queue: 'builds', wait_seconds: 0 })).doc, { empty: true }, 'wait_seconds 0 answers at once');
  t.equal((await call(agent, 'claim_next', { wait_seconds: 61 })).isError, true, 'more than 60 seconds is refused');
});

t.test('a client that cancels ends its wait, and claims nothing afterwards', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'relay');
  const agent = await f.memoryClient(ep);
  const bell = await doorbellFor(f.ctx.sql);

  const abort = new AbortController();
  const waiting = agent.callTool({ name: 'claim_next', arguments: { queue: 'builds', wait_seconds: 50 } }, undefined, {
    signal: abort.signal,
  });
  await until(async () => bell.waiting === 1, 'the claim to wait');
  abort.abort();
  await t.rejects(waiting, 'the client sees its request cancelled');
  await until(async () => bell.waiting === 0, 'the server to stop waiting');

  const [{ id }] = await f.db.sql`select switchboard.add_todo(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'builds'::text)->>'id' as id`;
  // Nobody waits any more, so the ring of this add finds no waiter and the todo is left for the next claim.
  const again = await call(agent, 'claim_next', { queue: 'builds' });
  t.equal(again.doc.id, id, 'the todo is still there for the next claim: the cancelled wait took nothing');
});

t.test('many waiters share one LISTEN connection', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'relay');
  const agents = await Promise.all([1, 2, 3, 4, 5].map(() => f.memoryClient(ep)));
  const bell = await doorbellFor(f.ctx.sql);

  const waits = agents.map((a, i) => call(a, 'claim_next', { queue: 'builds', wait_seconds: 30, claimant: `w${i}` }));
  await until(async () => bell.waiting === 5, 'five claims to wait');
  const [{ listeners }] = await f.db.sql`select count(*)::int as listeners from pg_stat_activity
                                          where datname = current_database() and query ilike 'listen %'`;
  t.equal(listeners, 1, 'one connection LISTENs for all five');

  const ids = await f.db.sql`select switchboard.add_todo(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'builds'::text)->>'id' as id
                               from generate_series(1, 5)`;
  const docs = (await Promise.all(waits)).map((r) => r.doc);
  t.same(docs.map((d) => d.id).sort(), ids.map((r) => r.id).sort(), 'the five waiters claim the five todos, one each');
});

t.test('closing the doorbell ends every long poll at once, without claiming again', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'relay');
  const bell = await doorbellFor(f.ctx.sql);
  let claims = 0;
  const claim = async () => {
    claims++;
    const [{ doc }] = await f.db.sql`select switchboard.claim_next(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'builds'::text) as doc`;
    return doc as Record<string, unknown>;
  };
  const waiting = claimNextWithWait(claim, bell, { queue: 'builds', endpoint: ep.endpoint_id, waitSeconds: 60 });
  await until(async () => bell.waiting === 1, 'the long poll to wait');
  await bell.close();
  t.same(await waiting, { empty: true }, 'it answers empty');
  t.equal(claims, 1, 'having claimed only before it waited');
  t.not(await doorbellFor(f.ctx.sql), bell, 'a later doorbellFor listens afresh');
});

t.test('stopping the server answers a waiting claim_next at once instead of holding the drain', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'relay');
  const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  const agent = await httpClient(server.url, ep.credential);
  const bell = await doorbellFor(f.ctx.sql);

  const waiting = call(agent, 'claim_next', { queue: 'builds', wait_seconds: 50 });
  await until(async () => bell.waiting === 1, 'the claim to wait');
  const stopped = server.stop(120_000);
  t.same((await waiting).doc, { empty: true }, 'the waiting claim answers empty');
  t.equal(bell.closed, true, 'because stopping closed the doorbell before draining');
  await stopped;
  await agent.close().catch(() => {});
});
