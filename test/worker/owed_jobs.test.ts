// A webhook job owed while the notification queue was too full is delivered once there is room: the worker's sweep
// queues it (switchboard.queue_owed_jobs), and the endpoint's doorbell is POSTed as if it had been queued at once.
import t from 'tap';
import { buildMetricsRegistry } from '../../src/metrics.js';
import { startWorker } from '../../src/worker/index.js';
import { runQueueOwedJobs } from '../../src/worker/tasks.js';
import { fixture } from '../mcp/helpers.js';
import { until, webhookSink } from './helpers.js';

t.test('a doorbell owed while the queue was too full is delivered by the sweep once it has room', async (t) => {
  const f = await fixture(t);
  const sink = await webhookSink();
  t.teardown(() => sink.close());
  const sql = f.db.sql;
  await sql`insert into switchboard.settings (key, value) values ('webhook_allow_http', 'true')
             on conflict (key) do update set value = excluded.value`;
  const owner = await f.owner('alice');
  const ep = await f.vend(owner, 'hooked');
  await sql`select switchboard.set_endpoint_doorbell_url(owner_id => ${owner}::uuid, endpoint_id => ${ep.endpoint_id}::uuid, url => ${sink.url}::text)`;

  // A stuck listener (LISTEN, then an open transaction) keeps every notification sent after it; a flood of 20,000 of
  // 8 kB, as any login could send, then fills ~2 % of the queue: too full at this database's setting of 1 %.
  const stuck = await sql.reserve();
  t.teardown(async () => {
    await stuck`rollback`.catch(() => {});
    stuck.release();
  });
  await stuck`listen switchboard_test_flood`;
  await stuck`begin`;
  await stuck`select 1`;
  await sql`select count(pg_notify('switchboard_test_flood', g::text || repeat('y', 7990))) from generate_series(1, 20000) g`;
  await sql`insert into switchboard.settings (key, value) values ('notify_queue_max_percent', '1')`;

  await sql`select switchboard.add_todo(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'builds'::text)`;
  const [owed] = await sql`select count(*)::int as n from switchboard.deliveries where job_owed_since is not null`;
  t.equal(owed.n, 1, 'the add committed, owing its doorbell job');
  const metric = async (name: string) => (await (await buildMetricsRegistry(sql)).getSingleMetricAsString(name)).split('\n').at(-1)!;
  const gauge = () => metric('switchboard_webhook_jobs_owed');
  t.equal(await gauge(), 'switchboard_webhook_jobs_owed 1', '/metrics shows the job owed');
  const usage = Number((await metric('switchboard_notification_queue_usage_ratio')).split(' ')[1]);
  t.ok(usage >= 0.01 && usage < 1, `and how full the notification queue is (${usage})`);

  const worker = await startWorker({ databaseUrl: f.db.url, logger: f.ctx.log, reapIntervalSeconds: 1, webhookAllowPrivate: true });
  t.teardown(() => worker.stop());
  await sql`delete from switchboard.settings where key = 'notify_queue_max_percent'`;
  await until(async () => sink.received.length >= 1, 'the owed doorbell to be delivered');
  t.same(sink.received.map((r) => r.body), [{ event: 'todo_claimable', queue: 'builds' }], 'one POST, for the queue');
  await until(async () => {
    const [{ n }] = await sql`select count(*)::int as n from switchboard.deliveries`;
    return n === 0;
  }, 'the delivery to be done');
  t.equal(await gauge(), 'switchboard_webhook_jobs_owed 0', 'and none once it is queued');
  t.same(f.logLines().filter((l) => l.job === 'queue_owed_jobs').map((l) => l.jobs_queued), [1], 'the sweep logged one line, with its count');
});

t.test('the sweep logs one line when it queued owed jobs, with their count, and nothing when there were none', async (t) => {
  const f = await fixture(t);
  const deps = { sql: f.db.sql, log: f.ctx.log, timeoutMs: 1000, pruneBatch: 1000 };
  const lines = () => f.logLines().filter((l) => l.job === 'queue_owed_jobs');
  t.equal(await runQueueOwedJobs(deps), 0, 'nothing owed: nothing queued');
  t.same(lines(), [], 'and nothing logged');
  const owner = await f.owner('alice');
  const ep = await f.vend(owner, 'hooked');
  await f.db.sql`insert into switchboard.settings (key, value) values ('webhook_allow_http', 'true')
                 on conflict (key) do update set value = excluded.value`;
  await f.db.sql`select switchboard.set_endpoint_doorbell_url(owner_id => ${owner}::uuid, endpoint_id => ${ep.endpoint_id}::uuid, url => 'http://127.0.0.1:9/bell')`;
  for (const queue of ['a', 'b']) await f.db.sql`select switchboard.add_todo(endpoint_id => ${ep.endpoint_id}::uuid, queue => ${queue}::text)`;
  // Owed as a transition leaves a delivery while the notification queue is too full (filling it is the test above).
  await f.db.sql`update switchboard.deliveries set job_owed_since = now()`;
  t.equal(await runQueueOwedJobs(deps), 2, 'two owed: both queued');
  t.match(lines(), [{ jobs_queued: 2, msg: /owed/ }], 'one line, with the count');
  t.equal(lines().length, 1, 'only one');
});
