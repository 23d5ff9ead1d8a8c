// The worker's tasks: sweeps that call one SQL function in batches, and the webhook deliveries transitions
// enqueue from SQL (dead-letter notifications, endpoint doorbells). Each logs what it did, and nothing when
// there was nothing to do.
import type { Task, TaskList } from 'graphile-worker';
import type postgres from 'postgres';
import { z } from 'zod';
import type { Logger } from '../log.js';
import { postJson } from '../notify/webhook.js';
import * as ledger from './ledger.js';

export interface TaskDeps {
  sql: postgres.Sql;
  log: Logger;
  /** SWITCHBOARD_NOTIFY_URL: the instance's dead-letter sink, or undefined. */
  notifyUrl?: string;
  timeoutMs: number;
  pruneBatch: number;
  /** SWITCHBOARD_WEBHOOK_ALLOW_PRIVATE: deliver to loopback and private addresses too. */
  allowPrivate?: boolean;
  /** SWITCHBOARD_WEBHOOK_MAX_REPLY_BYTES: a longer reply fails the delivery. */
  maxReplyBytes?: number;
}

const bounds = (deps: TaskDeps) => ({ timeoutMs: deps.timeoutMs, allowPrivate: deps.allowPrivate, maxReplyBytes: deps.maxReplyBytes });

/** Reap and requeue work in batches this big, each its own short transaction. */
export const SWEEP_BATCH = 1000;

/** Calls one batch at a time until a batch comes back short; the total. */
async function inBatches(batch: (limit: number) => Promise<number>, limit: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await batch(limit);
    total += n;
    if (n < limit) return total;
  }
}

export async function runReap(deps: TaskDeps): Promise<number> {
  const n = await inBatches((limit) => ledger.reap(deps.sql, limit), SWEEP_BATCH);
  if (n > 0) deps.log.info({ job: 'reap', attempts_reaped: n }, 'reaped lapsed leases');
  return n;
}

export async function runRequeueDueRetries(deps: TaskDeps): Promise<number> {
  const n = await inBatches((limit) => ledger.requeueDueRetries(deps.sql, limit), SWEEP_BATCH);
  if (n > 0) deps.log.info({ job: 'requeue_due_retries', todos_requeued: n }, 're-queued due retries');
  return n;
}

export async function runPrune(deps: TaskDeps): Promise<number> {
  const n = await inBatches((limit) => ledger.prune(deps.sql, limit), deps.pruneBatch);
  if (n > 0) deps.log.info({ job: 'prune', todos_deleted: n }, 'pruned terminal todos');
  return n;
}

const deadLetterJob = z.object({
  todo_id: z.uuid(),
  seq: z.number().int().positive().nullable().optional(),
  sink: z.enum(['instance', 'owner']),
});

const doorbellJob = z.object({ endpoint_id: z.uuid(), queue: z.string().min(1).max(128) });

/** POSTs a dead letter's notice to one sink. The job holds ids only; the notice is read now. */
export async function deliverDeadLetter(deps: TaskDeps, payload: unknown): Promise<'delivered' | 'no_sink' | 'gone'> {
  const job = deadLetterJob.parse(payload);
  const url = job.sink === 'instance' ? deps.notifyUrl : await ledger.webhookTarget(deps.sql, 'owner_notify', job.todo_id);
  if (!url) {
    deps.log.debug({ job: 'dead_letter', todo_id: job.todo_id, sink: job.sink }, 'no sink configured; not notified');
    return 'no_sink';
  }
  let notice: ledger.Doc;
  try {
    notice = await ledger.deadLetterNotice(deps.sql, job.todo_id, job.seq ?? null, job.sink === 'instance');
  } catch (e) {
    // Pruned since (retention), so there is nothing left to tell; a retry would find nothing either.
    if ((e as { code?: string }).code === 'SB404') {
      deps.log.info({ job: 'dead_letter', todo_id: job.todo_id, sink: job.sink }, 'dead letter no longer exists; not notified');
      return 'gone';
    }
    throw e;
  }
  const seq = (notice.final_attempt as { seq?: number } | undefined)?.seq;
  const status = await postJson(url, notice, {
    ...bounds(deps),
    event: 'dead_letter',
    deliveryId: `dead_letter:${job.todo_id}:${seq}:${job.sink}`,
  });
  deps.log.info({ job: 'dead_letter', todo_id: job.todo_id, sink: job.sink, status }, 'dead-letter notification delivered');
  return 'delivered';
}

/** POSTs {event, queue} to an endpoint's doorbell URL, read now (cleared or revoked: nothing to do). */
export async function deliverDoorbell(deps: TaskDeps, payload: unknown, jobId: string): Promise<'delivered' | 'no_sink'> {
  const job = doorbellJob.parse(payload);
  const url = await ledger.webhookTarget(deps.sql, 'endpoint_doorbell', job.endpoint_id);
  if (!url) return 'no_sink';
  const status = await postJson(
    url,
    { event: 'todo_claimable', queue: job.queue },
    { ...bounds(deps), event: 'doorbell', deliveryId: `doorbell:${jobId}` },
  );
  deps.log.debug({ job: 'doorbell_webhook', queue: job.queue, status }, 'doorbell delivered');
  return 'delivered';
}

/** graphile-worker task names, prefixed so they never clash with other users of the same graphile_worker schema. */
export const TASKS = {
  reap: 'switchboard_reap',
  requeueDueRetries: 'switchboard_requeue_due_retries',
  prune: 'switchboard_prune',
  deadLetter: 'switchboard_dead_letter',
  doorbellWebhook: 'switchboard_doorbell_webhook',
} as const;

export function taskList(deps: TaskDeps): TaskList {
  const list: Record<string, Task> = {
    [TASKS.reap]: async () => void (await runReap(deps)),
    [TASKS.requeueDueRetries]: async () => void (await runRequeueDueRetries(deps)),
    [TASKS.prune]: async () => void (await runPrune(deps)),
    [TASKS.deadLetter]: async (payload) => void (await deliverDeadLetter(deps, payload)),
    [TASKS.doorbellWebhook]: async (payload, helpers) => void (await deliverDoorbell(deps, payload, helpers.job.id)),
  };
  return list;
}
