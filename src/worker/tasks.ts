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

export async function runRingDueTodos(deps: TaskDeps): Promise<number> {
  const n = await inBatches((limit) => ledger.ringDueTodos(deps.sql, limit), SWEEP_BATCH);
  if (n > 0) deps.log.info({ job: 'ring_due_todos', due_rings: n }, 'rang the queues owed a ring (todos filed for later, queues held back)');
  return n;
}

/** Queues the webhook jobs transitions owed while the notification queue was too full (none while it still is). */
export async function runQueueOwedJobs(deps: TaskDeps): Promise<number> {
  const n = await inBatches((limit) => ledger.queueOwedJobs(deps.sql, limit), SWEEP_BATCH);
  if (n > 0) deps.log.info({ job: 'queue_owed_jobs', jobs_queued: n }, 'queued the webhook jobs owed while the notification queue was full');
  return n;
}

/**
 * Unlocks the jobs of workers whose runner stopped on an error, once each one's time (a map of worker id to the
 * epoch ms from which it may be unlocked) has come; those unlocked leave the map, the rest wait for the next sweep.
 */
export async function runUnlockStoppedWorkers(deps: TaskDeps, stopped: Map<string, number>): Promise<number> {
  const now = Date.now();
  const due = [...stopped].filter(([, at]) => at <= now).map(([id]) => id);
  if (due.length === 0) return 0;
  await ledger.unlockWorkers(deps.sql, due);
  for (const id of due) stopped.delete(id);
  deps.log.info({ job: 'unlock_workers', workers: due.length }, "unlocked the jobs of a stopped runner's workers");
  return due.length;
}

/** Since when (epoch ms) this process's locker marks have succeeded without a break; null after a failure. */
export interface LockerWatch {
  since: number | null;
}

/**
 * Marks this process's graphile-worker lockers (its running pool and workers) seen, and unlocks the jobs of lockers
 * another process stopped marking (keep_job_lockers): a worker process that died (kill -9, an OOM, a lost host) left
 * them locked for graphile-worker's four-hour lock timeout. It unlocks only once its own marks have run unbroken as
 * long as the others had to be seen in, so the first marks after the database was away find no one lost.
 */
export async function runKeepJobLockers(deps: TaskDeps, lockers: Iterable<string>, watch: LockerWatch): Promise<number> {
  const now = Date.now();
  let n: number;
  try {
    n = await ledger.keepJobLockers(deps.sql, [...lockers], watch.since === null ? 0 : Math.floor((now - watch.since) / 1000));
  } catch (e) {
    watch.since = null;
    throw e;
  }
  watch.since ??= now;
  if (n > 0) deps.log.info({ job: 'unlock_lost_workers', lockers: n }, 'unlocked the jobs of worker processes no longer seen');
  return n;
}

export async function runPrune(deps: TaskDeps): Promise<number> {
  const n = await inBatches((limit) => ledger.prune(deps.sql, limit), deps.pruneBatch);
  if (n > 0) deps.log.info({ job: 'prune', todos_deleted: n }, 'pruned terminal todos');
  return n;
}

/** Files the schedules' due ticks (each once however many workers run it: the SQL locks and keys each tick). */
export async function runSchedules(deps: TaskDeps): Promise<number> {
  const n = await ledger.runSchedules(deps.sql);
  if (n > 0) deps.log.info({ job: 'run_schedules', todos_filed: n }, 'filed scheduled todos');
  return n;
}

// A job carries only the id of the deliveries row its transition wrote; the row says what to deliver.
const deliveryJob = z.object({ delivery_id: z.uuid() });

/** The delivery a job names, or null when it is gone (delivered already, or its todo pruned since). */
async function readDelivery(deps: TaskDeps, deliveryId: string): Promise<ledger.Delivery | null> {
  try {
    return await ledger.delivery(deps.sql, deliveryId);
  } catch (e) {
    if ((e as { code?: string }).code === 'SB404') return null;
    throw e;
  }
}

/** POSTs a dead letter's notice to one sink. The job names its delivery; the notice is read through it now. */
export async function deliverDeadLetter(deps: TaskDeps, payload: unknown): Promise<'delivered' | 'no_sink' | 'gone'> {
  const job = deliveryJob.parse(payload);
  const d = await readDelivery(deps, job.delivery_id);
  if (!d) {
    // Pruned since (retention), so there is nothing left to tell; a retry would find nothing either.
    deps.log.info({ job: 'dead_letter', delivery_id: job.delivery_id }, 'dead letter no longer exists; not notified');
    return 'gone';
  }
  const todoId = (d.body as { todo_id?: string }).todo_id;
  const url = d.sink === 'instance' ? deps.notifyUrl : d.url;
  if (!url) {
    deps.log.debug({ job: 'dead_letter', todo_id: todoId, sink: d.sink }, 'no sink configured; not notified');
    await ledger.delivered(deps.sql, job.delivery_id, d.rings);
    return 'no_sink';
  }
  const status = await postJson(url, d.body, { ...bounds(deps), event: 'dead_letter', deliveryId: String(d.delivery_key) });
  await ledger.delivered(deps.sql, job.delivery_id, d.rings);
  deps.log.info({ job: 'dead_letter', todo_id: todoId, sink: d.sink, status }, 'dead-letter notification delivered');
  return 'delivered';
}

/** POSTs {event, queue} to an endpoint's doorbell URL, read now through the job's delivery (cleared or revoked: nothing to do). */
export async function deliverDoorbell(deps: TaskDeps, payload: unknown, jobId: string): Promise<'delivered' | 'no_sink'> {
  const job = deliveryJob.parse(payload);
  const d = await readDelivery(deps, job.delivery_id);
  if (!d) return 'no_sink';
  if (!d.url) {
    await ledger.delivered(deps.sql, job.delivery_id, d.rings);
    return 'no_sink';
  }
  const status = await postJson(d.url, d.body, { ...bounds(deps), event: 'doorbell', deliveryId: `doorbell:${jobId}` });
  await ledger.delivered(deps.sql, job.delivery_id, d.rings);
  deps.log.debug({ job: 'doorbell_webhook', status }, 'doorbell delivered');
  return 'delivered';
}

/** graphile-worker task names, prefixed so they never clash with other users of the same graphile_worker schema. */
export const TASKS = {
  reap: 'switchboard_reap',
  requeueDueRetries: 'switchboard_requeue_due_retries',
  prune: 'switchboard_prune',
  runSchedules: 'switchboard_run_schedules',
  deadLetter: 'switchboard_dead_letter',
  doorbellWebhook: 'switchboard_doorbell_webhook',
} as const;

export function taskList(deps: TaskDeps): TaskList {
  const list: Record<string, Task> = {
    [TASKS.reap]: async () => void (await runReap(deps)),
    [TASKS.requeueDueRetries]: async () => void (await runRequeueDueRetries(deps)),
    [TASKS.prune]: async () => void (await runPrune(deps)),
    [TASKS.runSchedules]: async () => void (await runSchedules(deps)),
    [TASKS.deadLetter]: async (payload) => void (await deliverDeadLetter(deps, payload)),
    [TASKS.doorbellWebhook]: async (payload, helpers) => void (await deliverDoorbell(deps, payload, helpers.job.id)),
  };
  return list;
}
