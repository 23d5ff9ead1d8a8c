// A worker process that dies while it runs a job (kill -9, an OOM, a lost host) leaves the job locked by its
// graphile-worker pool; graphile-worker alone frees it after four hours. Every worker marks the lockers it runs seen
// (switchboard.job_lockers), and one that has been marking for worker_lost_after_seconds unlocks the jobs of lockers
// nobody marked for that long, so the dead process's delivery is made within about a minute.
import t from 'tap';
import { startWorker } from '../../src/worker/index.js';
import { type LockerWatch, runKeepJobLockers } from '../../src/worker/tasks.js';
import { fixture } from '../mcp/helpers.js';
import { until, webhookSink } from './helpers.js';

t.test("a dead process's locked doorbell job is unlocked by a live worker and delivered", async (t) => {
  const f = await fixture(t);
  const sink = await webhookSink();
  t.teardown(() => sink.close());
  const sql = f.db.sql;
  await sql`insert into switchboard.settings (key, value) values ('webhook_allow_http', 'true'), ('worker_lost_after_seconds', '15')
             on conflict (key) do update set value = excluded.value`;
  const owner = await f.owner('alice');
  const ep = await f.vend(owner, 'hooked');
  await sql`select switchboard.set_endpoint_doorbell_url(owner_id => ${owner}::uuid, endpoint_id => ${ep.endpoint_id}::uuid, url => ${sink.url}::text)`;
  await sql`select switchboard.add_todo(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'builds'::text)`;
  // The process that took the doorbell's job died: the job stays locked by its pool, last marked two minutes ago.
  const [job] = await sql`update graphile_worker._private_jobs set locked_by = 'pool-dead', locked_at = now() returning id`;
  t.ok(job, 'the doorbell job is locked by the dead pool');
  await sql`insert into switchboard.job_lockers (locker_id, seen_at) values ('pool-dead', now() - interval '2 minutes')`;

  const worker = await startWorker({ databaseUrl: f.db.url, logger: f.ctx.log, reapIntervalSeconds: 1, webhookAllowPrivate: true });
  t.teardown(() => worker.stop());
  await until(async () => sink.accepted().length === 1, 'the doorbell to be delivered once the live worker has watched 15 s', 60_000);
  t.match(sink.accepted()[0].body, { event: 'todo_claimable', queue: 'builds' }, "the dead process's delivery is made");
  t.same(f.logLines().filter((l) => l.job === 'unlock_lost_workers').map((l) => l.lockers), [1], 'one line: one lost locker');
  const lockers = await sql`select locker_id from switchboard.job_lockers`;
  t.notOk(lockers.some((r) => r.locker_id === 'pool-dead'), 'the lost locker is gone');
  t.ok(lockers.some((r) => String(r.locker_id).startsWith('pool-')), "the live worker's pool is marked");
  t.ok(lockers.some((r) => String(r.locker_id).startsWith('worker-')), 'and its workers');
});

t.test('the marks start the watch, a failure restarts it, and only a long enough watch unlocks', async (t) => {
  const f = await fixture(t);
  const deps = { sql: f.db.sql, log: f.ctx.log, timeoutMs: 1000, pruneBatch: 1000 };
  const watch: LockerWatch = { since: null };
  await f.db.sql`insert into switchboard.job_lockers (locker_id, seen_at) values ('pool-dead', now() - interval '2 minutes')`;

  t.equal(await runKeepJobLockers(deps, ['pool-me'], watch), 0, 'the first marks unlock nothing');
  t.ok(watch.since !== null && Date.now() - watch.since < 5000, 'and start the watch');
  watch.since = Date.now() - 59_000;
  t.equal(await runKeepJobLockers(deps, ['pool-me'], watch), 0, 'watched 59 s of 60: nothing yet');
  await t.rejects(runKeepJobLockers(deps, [''], watch), /invalid/, 'marks the database refuses fail');
  t.equal(watch.since, null, 'and restart the watch');
  watch.since = Date.now() - 60_000;
  t.equal(await runKeepJobLockers(deps, new Set(['pool-me']), watch), 1, 'watched 60 s: the locker not seen for 2 minutes is lost');
  t.same(f.logLines().filter((l) => l.job === 'unlock_lost_workers').map((l) => [l.lockers, l.msg]),
    [[1, 'unlocked the jobs of worker processes no longer seen']], 'one line, with the count');
  t.equal(await runKeepJobLockers(deps, ['pool-me'], watch), 0, 'and no one is lost twice');
  t.equal(f.logLines().filter((l) => l.job === 'unlock_lost_workers').length, 1, 'nothing logged when none was');
});
