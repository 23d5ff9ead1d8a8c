// The worker re-queues a failed todo once its retry is due, and that rings the doorbell.
import t from 'tap';
import { createLogger } from '../../src/log.js';
import { signalsFor } from '../../src/signals.js';
import { startWorker } from '../../src/worker/index.js';
import { freshDatabase } from '../helpers/db.js';
import { until } from './helpers.js';

t.test('a failed todo with zero backoff is re-queued by the worker and its doorbell rings', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  await db.sql`insert into switchboard.settings (key, value) values ('retry_backoff_base_seconds', '0')
               on conflict (key) do update set value = excluded.value`;
  const rings: string[] = [];
  await db.sql.listen('switchboard_doorbell', (payload) => rings.push(payload));

  const [{ ep }] = await db.sql`select (switchboard.vend_endpoint((switchboard.add_owner('alice')->>'owner_id')::uuid, 'bot')
                                       ->>'endpoint_id') as ep`;
  const [{ id }] = await db.sql`select switchboard.add_todo(endpoint_id => ${ep}::uuid, queue => 'relay')->>'id' as id`;
  await until(async () => rings.length === 1, 'the doorbell of add_todo');
  await db.sql`select switchboard.claim_next(endpoint_id => ${ep}::uuid, queue => 'relay'::text)`;
  const [{ doc }] = await db.sql`select switchboard.fail(endpoint_id => ${ep}::uuid, todo_id => ${id}::uuid, summary => 'red'::text) as doc`;
  t.equal(doc.state, 'failed', 'the todo failed');
  t.not(doc.next_retry_at, null, 'with a retry scheduled, due at once (zero backoff)');
  // The fail rings too (a zero-backoff retry is claimable at once); wait for it, so the next ring is the sweep's.
  await until(async () => rings.length === 2, 'the doorbell of the fail');

  const worker = await startWorker({ databaseUrl: db.url, logger: createLogger({ level: 'silent' }), reapIntervalSeconds: 1 });
  t.teardown(() => worker.stop());

  await until(async () => rings.length === 3, 'the doorbell of the re-queue');
  // The ring names the endpoint and its queue by their tags only, and checks out as Switchboard's own.
  const signals = await signalsFor(db.sql);
  t.equal(signals.open('switchboard_doorbell', rings[2]), `${signals.endpointTag(ep)}.${signals.queueTag(ep, 'relay')}`,
    "the re-queue's ring is for this endpoint's relay queue, and authenticated");
  const [row] = await db.sql`select state, next_retry_at, attempt from switchboard.todos where id = ${id}::uuid`;
  t.same(row, { state: 'pending', next_retry_at: null, attempt: 1 }, 'the worker moved it failed -> pending, counter unchanged');
});
