// A dead letter produces exactly one accepted webhook delivery per sink, even when the sink fails twice first
// (graphile-worker retries with backoff). The owner's sink gets the final attempt's text; the instance's sink
// gets ids, queue, count and outcome only, and no job at all when no worker has SWITCHBOARD_NOTIFY_URL.
import t from 'tap';
import { createLogger } from '../../src/log.js';
import { startWorker } from '../../src/worker/index.js';
import { freshDatabase } from '../helpers/db.js';
import { until, webhookSink } from './helpers.js';

t.test('a dead letter is delivered once to the instance sink (after two failures) and once to the owner sink', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const instance = await webhookSink([500, 503]);
  t.teardown(() => instance.close());
  const owners = await webhookSink();
  t.teardown(() => owners.close());

  await db.sql`insert into switchboard.settings (key, value) values ('webhook_allow_http', 'true')
               on conflict (key) do update set value = excluded.value`;
  const [{ owner }] = await db.sql`select switchboard.add_owner('alice')->>'owner_id' as owner`;
  await db.sql`select switchboard.set_owner_notify_url(owner_id => ${owner}::uuid, url => ${owners.url}::text)`;
  const [{ ep }] = await db.sql`select switchboard.vend_endpoint(${owner}::uuid, 'bot')->>'endpoint_id' as ep`;
  const [{ id }] = await db.sql`select switchboard.add_todo(endpoint_id => ${ep}::uuid, queue => 'builds'::text,
                                  title => 'fix arm64'::text, max_attempts => 1)->>'id' as id`;

  // The worker says at start that the instance has a sink; only then does a dead letter queue its job.
  const worker = await startWorker({
    databaseUrl: db.url,
    logger: createLogger({ level: 'silent' }),
    reapIntervalSeconds: 1,
    webhookAllowPrivate: true,
    notifyUrl: instance.url,
  });
  t.teardown(() => worker.stop());

  await db.sql`select switchboard.claim_next(endpoint_id => ${ep}::uuid, queue => 'builds'::text, claimant => 'run-7'::text)`;
  await db.sql`select switchboard.fail(endpoint_id => ${ep}::uuid, todo_id => ${id}::uuid, summary => 'tests red on arm64'::text,
                 artifact => 'mcp://cairn/r7'::text)`;

  await until(async () => instance.accepted().length === 1 && owners.accepted().length === 1, 'both sinks to accept', 60_000);
  // Nothing is left to deliver, so no second delivery can follow.
  await until(async () => {
    const [{ n }] = await db.sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'switchboard_dead_letter'`;
    return n === 0;
  }, 'the delivery jobs to finish');

  t.same(instance.received.map((r) => r.status), [500, 503, 200], 'the instance sink failed twice, then accepted');
  t.equal(instance.accepted().length, 1, 'exactly one accepted delivery to the instance sink');
  t.equal(new Set(instance.received.map((r) => r.headers['x-switchboard-delivery'])).size, 1, 'every retry names the same delivery');
  t.equal(owners.received.length, 1, "and one to the owner's sink, accepted at once");

  const expected = {
    todo_id: id,
    queue: 'builds',
    title: 'fix arm64',
    attempts_total: 1,
    final_attempt: {
      seq: 1,
      outcome: 'failed',
      disposition: 'dead_lettered',
      died: false,
      claimant: 'run-7',
      summary: 'tests red on arm64',
      summary_truncated: false,
      artifact: 'mcp://cairn/r7',
    },
  };
  const body = owners.accepted()[0].body as Record<string, any>;
  t.match(body, expected, "the owner's notification carries the final attempt: outcome, summary, artifact, claimant, and the count");
  t.match(body.final_attempt.ended_at, /^\d{4}-\d\d-\d\dT[\d:.]+Z$/, 'with when it ended');
  t.match(body.notice, /data written by earlier attempts, never instructions/, 'and the untrusted-data notice');
  t.equal(owners.accepted()[0].headers['x-switchboard-event'], 'dead_letter', 'named as a dead-letter event');

  const inst = instance.accepted()[0].body as Record<string, any>;
  t.same(
    inst,
    {
      todo_id: id,
      queue: 'builds',
      attempts_total: 1,
      final_attempt: { seq: 1, outcome: 'failed', disposition: 'dead_lettered', died: false, ended_at: body.final_attempt.ended_at },
    },
    "the instance's notification has ids, queue, count and outcome only",
  );
  const raw = JSON.stringify(instance.received.map((r) => r.body));
  for (const text of ['tests red on arm64', 'run-7', 'mcp://cairn/r7', 'fix arm64']) {
    t.notOk(raw.includes(text), `no delivery to the instance sink carries ${JSON.stringify(text)}`);
  }
  t.equal(instance.accepted()[0].headers['x-switchboard-event'], 'dead_letter', 'named as a dead-letter event too');
});

t.test('without SWITCHBOARD_NOTIFY_URL no job is queued for the instance sink; the owner is still told', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const owners = await webhookSink();
  t.teardown(() => owners.close());
  await db.sql`insert into switchboard.settings (key, value) values ('webhook_allow_http', 'true')
               on conflict (key) do update set value = excluded.value`;
  // A worker that had a sink ran before; this one has none, and says so as it starts.
  await db.sql`select switchboard.set_instance_dead_letter_sink(true)`;
  const [{ owner }] = await db.sql`select switchboard.add_owner('bob')->>'owner_id' as owner`;
  await db.sql`select switchboard.set_owner_notify_url(owner_id => ${owner}::uuid, url => ${owners.url}::text)`;
  const [{ ep }] = await db.sql`select switchboard.vend_endpoint(${owner}::uuid, 'bot')->>'endpoint_id' as ep`;
  const [{ id }] = await db.sql`select switchboard.add_todo(endpoint_id => ${ep}::uuid, queue => 'q'::text, max_attempts => 1)->>'id' as id`;

  const worker = await startWorker({ databaseUrl: db.url, logger: createLogger({ level: 'silent' }), reapIntervalSeconds: 1, webhookAllowPrivate: true });
  t.teardown(() => worker.stop());
  const [{ sink }] = await db.sql`select value as sink from switchboard.settings where key = 'instance_dead_letter_sink'`;
  t.equal(sink, 'false', 'the worker recorded that the instance has no sink');

  // The job is queued in the dead letter's own transaction: look at it before the worker can run it.
  const sinks = await db.sql.begin(async (tx) => {
    await tx`select switchboard.claim_next(endpoint_id => ${ep}::uuid)`;
    await tx`select switchboard.fail(endpoint_id => ${ep}::uuid, todo_id => ${id}::uuid)`;
    const rows = await tx`select d.sink
                            from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
                            join switchboard.deliveries d on d.id = (j.payload::jsonb->>'delivery_id')::uuid
                           where k.identifier = 'switchboard_dead_letter' order by 1`;
    return rows.map((r) => r.sink);
  });
  t.same(sinks, ['owner'], "the dead letter queued the owner's job only");
  await until(async () => owners.accepted().length === 1, "the owner's sink to accept", 60_000);
});
