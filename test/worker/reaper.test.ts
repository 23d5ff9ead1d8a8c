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
