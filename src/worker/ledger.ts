// Typed wrappers over the SQL functions the worker, the doorbell and /metrics call (named arguments, every
// parameter cast), kept beside their only callers; the agent and Board verbs are in src/ledger.ts.
import type postgres from 'postgres';

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

/** switchboard_worker.prune: terminal todos deleted by retention in one batch (settings decide age and row cap). */
export async function prune(sql: Sql, batchLimit: number): Promise<number> {
  const [r] = await sql`select switchboard_worker.prune(batch_limit => ${batchLimit}::integer) as n`;
  return Number(r.n);
}

/** switchboard_worker.dead_letter_notice: the notification body for a dead-lettered attempt (for the instance: no tenant text). */
export async function deadLetterNotice(sql: Sql, todoId: string, seq: number | null, forInstance: boolean): Promise<Doc> {
  const [r] = await sql`select switchboard_worker.dead_letter_notice(todo_id => ${todoId}::uuid, seq => ${seq}::integer,
                                                                   for_instance => ${forInstance}::boolean) as doc`;
  return r.doc as Doc;
}

/** switchboard_worker.webhook_target: an owner's notify_url (by todo) or an endpoint's doorbell_url, or null. */
export async function webhookTarget(sql: Sql, kind: 'owner_notify' | 'endpoint_doorbell', id: string): Promise<string | null> {
  const [r] = await sql`select switchboard_worker.webhook_target(kind => ${kind}::text, id => ${id}::uuid) as url`;
  return (r.url as string | null) ?? null;
}

/** switchboard_worker.metrics: counters and gauges for /metrics. */
export async function metrics(sql: Sql): Promise<Doc> {
  const [r] = await sql`select switchboard_worker.metrics() as doc`;
  return r.doc as Doc;
}

/** switchboard_worker.set_attempt_summary_from_result: the operator's env switch, written into the setting. */
export async function setAttemptSummaryFromResult(sql: Sql, enabled: boolean): Promise<void> {
  await sql`select switchboard_worker.set_attempt_summary_from_result(enabled => ${enabled}::boolean)`;
}

/** switchboard_worker.set_instance_dead_letter_sink: whether this worker has SWITCHBOARD_NOTIFY_URL, so SQL queues its jobs. */
export async function setInstanceDeadLetterSink(sql: Sql, configured: boolean): Promise<void> {
  await sql`select switchboard_worker.set_instance_dead_letter_sink(configured => ${configured}::boolean)`;
}
