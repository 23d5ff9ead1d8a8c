// When graphile-worker's runner stops on an error, the jobs its pool and workers still lock are unlocked by the sweep
// once each one's time has come (runUnlockStoppedWorkers), not after graphile-worker's 4-hour lock timeout; the end
// to end path (a completion the database refuses, the job run again) is in db_loss.test.ts.
import t from 'tap';
import { runUnlockStoppedWorkers } from '../../src/worker/tasks.js';
import { fixture } from '../mcp/helpers.js';

t.test('the sweep unlocks the jobs of stopped workers whose time has come, and only theirs', async (t) => {
  const f = await fixture(t);
  const sql = f.db.sql;
  const deps = { sql, log: f.ctx.log, timeoutMs: 1000, pruneBatch: 1000 };
  const lines = () => f.logLines().filter((l) => l.job === 'unlock_workers');
  for (const [key, by] of [['a', 'pool-due'], ['b', 'worker-due'], ['c', 'pool-later'], ['d', 'pool-running']]) {
    await sql`select graphile_worker.add_job('switchboard_doorbell_webhook', '{}'::json, job_key => ${key}::text)`;
    await sql`update graphile_worker._private_jobs set locked_by = ${by}::text, locked_at = now() where key = ${key}::text`;
  }
  const locked = async () =>
    (await sql<{ key: string }[]>`select key from graphile_worker._private_jobs where locked_by is not null order by key`).map((r) => r.key);

  const stopped = new Map([['pool-due', Date.now() - 1], ['worker-due', Date.now()], ['pool-later', Date.now() + 60_000]]);
  t.equal(await runUnlockStoppedWorkers(deps, stopped), 2, 'the two whose time has come');
  t.same(await locked(), ['c', 'd'], "their jobs are free; a stopped worker's not yet due and a running one's stay locked");
  t.same([...stopped.keys()], ['pool-later'], 'the unlocked leave the map, the other waits for a later sweep');
  t.same(lines().map((l) => [l.workers, l.msg]), [[2, "unlocked the jobs of a stopped runner's workers"]], 'one line, with the count');

  t.equal(await runUnlockStoppedWorkers(deps, stopped), 0, 'nothing due: nothing unlocked');
  t.same(await locked(), ['c', 'd']);
  t.equal(lines().length, 1, 'and nothing logged');
});
