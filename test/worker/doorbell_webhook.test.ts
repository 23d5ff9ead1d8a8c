// An endpoint's webhook doorbell: the worker POSTs {event, queue} when its todos become claimable, one delivery
// per burst and queue, and nothing for an endpoint without a doorbell_url.
import t from 'tap';
import { createLogger } from '../../src/log.js';
import { startWorker } from '../../src/worker/index.js';
import { freshDatabase } from '../helpers/db.js';
import { until, webhookSink } from './helpers.js';

t.test("a burst of adds rings the endpoint's webhook doorbell once per queue", async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const sink = await webhookSink();
  t.teardown(() => sink.close());
  await db.sql`insert into switchboard.settings (key, value) values ('webhook_allow_http', 'true')
               on conflict (key) do update set value = excluded.value`;
  const [{ owner }] = await db.sql`select switchboard.add_owner('alice')->>'owner_id' as owner`;
  const [{ ep }] = await db.sql`select switchboard.vend_endpoint(${owner}::uuid, 'hooked')->>'endpoint_id' as ep`;
  const [{ quiet }] = await db.sql`select switchboard.vend_endpoint(${owner}::uuid, 'quiet')->>'endpoint_id' as quiet`;
  await db.sql`select switchboard.set_endpoint_doorbell_url(owner_id => ${owner}::uuid, endpoint_id => ${ep}::uuid, url => ${sink.url}::text)`;

  // Five adds to builds and one to docs in one transaction, plus one for an endpoint with no doorbell.
  await db.sql.begin(async (tx) => {
    for (let i = 0; i < 5; i++) await tx`select switchboard.add_todo(endpoint_id => ${ep}::uuid, queue => 'builds'::text)`;
    await tx`select switchboard.add_todo(endpoint_id => ${ep}::uuid, queue => 'docs'::text)`;
    await tx`select switchboard.add_todo(endpoint_id => ${quiet}::uuid, queue => 'builds'::text)`;
  });

  const worker = await startWorker({ databaseUrl: db.url, logger: createLogger({ level: 'silent' }), reapIntervalSeconds: 1, webhookAllowPrivate: true });
  t.teardown(() => worker.stop());
  await until(async () => {
    const [{ n }] = await db.sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'switchboard_doorbell_webhook'`;
    return n === 0 && sink.received.length >= 2;
  }, 'the doorbell deliveries');

  t.same(sink.received.map((r) => r.body).sort((a: any, b: any) => a.queue.localeCompare(b.queue)),
    [{ event: 'todo_claimable', queue: 'builds' }, { event: 'todo_claimable', queue: 'docs' }],
    'one POST per queue, carrying only the queue name');
  t.same(sink.received.map((r) => r.headers['x-switchboard-event']), ['doorbell', 'doorbell'], 'named as doorbell events');
});
