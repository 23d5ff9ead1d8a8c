// Typed wrappers over the SQL functions the worker and /metrics call (named arguments, every
// parameter cast), kept beside their only callers; the agent and Board verbs are in src/ledger.ts.
import type postgres from 'postgres';
import { pgTextArray } from '../db.js';

type Sql = postgres.Sql;
export type Doc = Record<string, unknown>;

/** switchboard_worker.reap: lapsed leases closed (reaped) in one batch. */
export async function reap(sql: Sql, batchLimit: number): Promise<number> {
  const [r] = await sql`select switchboard_worker.reap(batch_limit => ${batchLimit}::integer) as n`;
  return Number(r.n);
}

/** switchboard_worker.requeue_due_retries: failed todos whose retry is due, back to pending, in one batch. */
export async function requeueDueRetries(sql: Sql, batchLimit: number): Promise<number> {
  const [r] = await sql`select switchboard_worker.requeue_due_retries(batch_limit => ${batchLimit}::integer) as n`;
  return Number(r.n);
}

/** switchboard_worker.ring_due_todos: the rings owed for later whose time came (todos filed for later, queues held back), rung, in one batch. */
export async function ringDueTodos(sql: Sql, batchLimit: number): Promise<number> {
  const [r] = await sql`select switchboard_worker.ring_due_todos(batch_limit => ${batchLimit}::integer) as n`;
  return Number(r.n);
}

/** switchboard_worker.queue_owed_jobs: webhook jobs owed while the notification queue was too full, queued, in one batch. */
export async function queueOwedJobs(sql: Sql, batchLimit: number): Promise<number> {
  const [r] = await sql`select switchboard_worker.queue_owed_jobs(batch_limit => ${batchLimit}::integer) as n`;
  return Number(r.n);
}

/** switchboard_worker.run_schedules: the schedules' ticks due now filed, each once (returns how many todos). */
export async function runSchedules(sql: Sql): Promise<number> {
  const [r] = await sql`select switchboard_worker.run_schedules() as n`;
  return Number(r.n);
}

/** switchboard_worker.prune: terminal todos deleted by retention in one batch (the settings decide age and row cap). */
export async function prune(sql: Sql, batchLimit: number): Promise<number> {
  const [r] = await sql`select switchboard_worker.prune(batch_limit => ${batchLimit}::integer) as n`;
  return Number(r.n);
}

/** What switchboard_worker.delivery answers for one queued webhook job. */
export interface Delivery {
  kind: 'dead_letter' | 'doorbell';
  /**
   * Dead letters: whose sink it is (the instance's URL is the worker's own SWITCHBOARD_NOTIFY_URL; a member is one
   * member of a team todo's team).
   */
  sink?: 'owner' | 'instance' | 'member';
  /** Where to POST; null: nothing to deliver (cleared, revoked, or the instance's sink, whose URL is not in SQL). */
  url: string | null;
  body: Doc;
  /** Dead letters: x-switchboard-delivery, the same on every retry. */
  delivery_key?: string;
  /** Give it back to delivered(). */
  rings: number;
}

/** switchboard_worker.delivery: what a job's delivery row says to deliver (the job carries only the row's id). */
export async function delivery(sql: Sql, deliveryId: string): Promise<Delivery> {
  const [r] = await sql`select switchboard_worker.delivery(delivery_id => ${deliveryId}::uuid) as doc`;
  return r.doc as Delivery;
}

/** switchboard_worker.delivered: the delivery is done; its row goes unless a ring came since it was read. */
export async function delivered(sql: Sql, deliveryId: string, rings: number): Promise<boolean> {
  const [r] = await sql`select switchboard_worker.delivered(delivery_id => ${deliveryId}::uuid, rings => ${rings}::bigint) as gone`;
  return r.gone as boolean;
}

/** switchboard_metrics.metrics: counters and gauges for /metrics (a pool running as switchboard_metrics). */
export async function metrics(sql: Sql): Promise<Doc> {
  const [r] = await sql`select switchboard_metrics.metrics() as doc`;
  return r.doc as Doc;
}

/** switchboard_worker.set_instance_dead_letter_sink: whether this worker has SWITCHBOARD_NOTIFY_URL, so SQL queues its jobs. */
export async function setInstanceDeadLetterSink(sql: Sql, configured: boolean): Promise<void> {
  await sql`select switchboard_worker.set_instance_dead_letter_sink(configured => ${configured}::boolean)`;
}

/**
 * graphile_worker.force_unlock_workers (graphile-worker's documented API, as WorkerUtils.forceUnlockWorkers): frees
 * the jobs and job queues these workers still lock, so another worker runs them now rather than after the lock timeout.
 */
export async function unlockWorkers(sql: Sql, workerIds: string[]): Promise<void> {
  await sql`select graphile_worker.force_unlock_workers(${pgTextArray(workerIds)}::text[])`;
}

/**
 * switchboard_worker.keep_job_lockers: marks this process's graphile-worker lockers seen; once its own marks have run
 * unbroken for unlockAfterSeconds past worker_lost_after_seconds, unlocks the jobs of lockers not seen that long.
 */
export async function keepJobLockers(sql: Sql, lockerIds: string[], unlockAfterSeconds: number): Promise<number> {
  const [r] = await sql`select switchboard_worker.keep_job_lockers(locker_ids => ${pgTextArray(lockerIds)}::text[],
                                                                    unlock_after_seconds => ${unlockAfterSeconds}::integer) as n`;
  return Number(r.n);
}
