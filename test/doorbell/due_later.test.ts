// A todo filed for later (run_at in the future) wakes a waiting claim_next once its time comes: the worker's sweep
// rings its queue (switchboard.ring_due_todos), so the waiter need not wait out its deadline to get it.
import t from 'tap';
import { doorbellFor } from '../../src/doorbell.js';
import { createLogger } from '../../src/log.js';
import { startWorker } from '../../src/worker/index.js';
import { call, fixture } from '../mcp/helpers.js';
import { until } from '../worker/helpers.js';

t.test('a long poll gets a todo filed for later once its run_at has passed, not at its own deadline', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'relay');
  const agent = await f.memoryClient(ep);
  const bell = await doorbellFor(f.ctx.sql);
  const worker = await startWorker({ databaseUrl: f.db.url, logger: f.ctx.log, reapIntervalSeconds: 1 });
  t.teardown(() => worker.stop());

  const started = Date.now();
  const waiting = call(agent, 'claim_next', { queue: 'builds', wait_seconds: 40, claimant: 'waiter' });
  await until(async () => bell.waiting === 1, 'the claim to wait on the doorbell');
  const [{ id, run_at }] = await f.db.sql`
    select d->>'id' as id, (d->>'run_at')::timestamptz as run_at
      from switchboard.add_todo(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'builds'::text,
                                run_at => now() + interval '2 seconds') d`;
  const { doc, isError } = await waiting;
  const answered = Date.now();
  t.equal(isError, false, 'no error');
  t.equal(doc.id, id, 'the waiting claim returns the todo filed for later');
  t.ok(answered >= run_at.getTime(), 'not before its run_at');
  // The deadline was 40 s away: the sweep (every second here) rang within a few seconds of run_at.
  t.ok(answered - started < 30_000, `long before the wait's deadline (${answered - started} ms)`);
  const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.due_rings`;
  t.equal(n, 0, 'the ring owed was rung and removed');
  // Sweeps that found nothing log nothing; the one that rang logs one line with its count.
  t.same(f.logLines().filter((l) => l.job === 'ring_due_todos').map((l) => l.due_rings), [1], 'the sweep logged one line, with its count');
});

t.test('a long poll passed over by a full queue (max_claimed) gets its todo once a place frees, not at its deadline', async (t) => {
  const f = await fixture(t);
  const owner = await f.owner('alice');
  const ep = await f.vend(owner, 'relay');
  const agent = await f.memoryClient(ep);
  const bell = await doorbellFor(f.ctx.sql);
  const worker = await startWorker({ databaseUrl: f.db.url, logger: createLogger({ level: 'silent' }), reapIntervalSeconds: 1 });
  t.teardown(() => worker.stop());

  const ids = await f.db.sql`select switchboard.add_todo(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'deploy'::text)->>'id' as id
                               from generate_series(1, 2)`;
  await f.db.sql`select switchboard.set_queue_limits(${owner}::uuid, 'deploy', max_claimed => 1)`;
  const first = await call(agent, 'claim_next', { queue: 'deploy' });
  t.ok(ids.some((r) => r.id === first.doc.id), 'one todo is claimed, filling the queue');

  const started = Date.now();
  const waiting = call(agent, 'claim_next', { queue: 'deploy', wait_seconds: 40, claimant: 'waiter' });
  await until(async () => bell.waiting === 1, 'the second claim to wait: the queue is at max_claimed');
  await call(agent, 'complete', { todo_id: first.doc.id, lease_token: first.doc.lease_token });
  const { doc, isError } = await waiting;
  t.equal(isError, false, 'no error');
  t.ok(ids.some((r) => r.id === doc.id) && doc.id !== first.doc.id, 'the waiting claim gets the other todo');
  t.ok(Date.now() - started < 30_000, `long before the wait's deadline (${Date.now() - started} ms)`);
});
