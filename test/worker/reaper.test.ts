// The running worker reaps a lease whose holder stopped heartbeating, and the next claim over MCP sees the
// attempt as died.
import t from 'tap';
import { startWorker } from '../../src/worker/index.js';
import { call, fixture } from '../mcp/helpers.js';
import { until } from './helpers.js';

t.test('a worker that stops heartbeating is reaped by the running worker; the next claim lists its attempt as died', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'builder');
  const agent = await f.memoryClient(ep);
  const worker = await startWorker({ databaseUrl: f.db.url, logger: f.ctx.log, reapIntervalSeconds: 1 });
  t.teardown(() => worker.stop());

  const added = await call(agent, 'add_todo', { queue: 'builds', title: 'build arm64' });
  const first = await call(agent, 'claim_next', { queue: 'builds', claimant: 'run-1', lease_seconds: 1 });
  t.equal(first.doc.id, added.doc.id, 'run-1 claims the todo with a one-second lease, then goes silent');

  // Only the reaper touches it now: nobody claims until the attempt is closed.
  const attempt = await until(async () => {
    const [a] = await f.db.sql`select outcome, disposition from switchboard.todo_attempts
                                where todo_id = ${added.doc.id}::uuid and seq = 1 and ended_at is not null`;
    return a;
  }, 'the reaper to close the lapsed attempt');
  t.same(attempt, { outcome: 'reaped', disposition: 'requeued' }, 'the worker reaped it and re-queued the todo');

  const second = await call(agent, 'claim_next', { queue: 'builds', claimant: 'run-2' });
  t.equal(second.doc.id, added.doc.id, 'the next claim gets the same todo');
  t.equal(second.doc.attempt_seq, 2, 'as attempt 2');
  t.match(second.doc.prior_attempts, [{ seq: 1, claimant: 'run-1', outcome: 'reaped', disposition: 'requeued', died: true, summary: null }],
    'and lists attempt 1 as died: reaped, no summary');

  const lines = f.logLines().filter((l) => l.job === 'reap');
  t.same(lines.map((l) => l.attempts_reaped), [1], 'the reap job logged one line, with its count');
});

t.test('two workers at once reap every lapsed lease exactly once', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'builder');
  await f.db.sql`select switchboard.add_todo(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'builds'::text) from generate_series(1, 40)`;
  await f.db.sql`select switchboard.claim_next(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'builds'::text, lease_seconds => 1)
                   from generate_series(1, 40)`;
  const workers = await Promise.all([1, 2].map(() => startWorker({ databaseUrl: f.db.url, logger: f.ctx.log, reapIntervalSeconds: 1 })));
  t.teardown(() => Promise.all(workers.map((w) => w.stop())));

  await until(async () => {
    const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.todos where state = 'pending'`;
    return n === 40;
  }, 'all forty leases to be reaped');
  const [row] = await f.db.sql`select count(*)::int as attempts, count(*) filter (where outcome = 'reaped')::int as reaped
                                 from switchboard.todo_attempts`;
  t.same(row, { attempts: 40, reaped: 40 }, 'forty attempts, each closed reaped once');
  const logged = f.logLines().filter((l) => l.job === 'reap').reduce((sum, l) => sum + Number(l.attempts_reaped), 0);
  t.equal(logged, 40, 'the two workers together logged forty reaped, none twice');
});
