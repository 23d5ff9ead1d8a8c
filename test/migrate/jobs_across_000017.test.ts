// Migration 000017 carries the webhook jobs queued before it across: a dead-letter notification and a doorbell queued
// with ids and a queue name in their payload each get a deliveries row and carry only its id, so the upgraded worker
// (which reads nothing but deliveries) still delivers them; a job whose todo is gone names a delivery that is not there.
import t from 'tap';
import { migrateDatabase, migrateWorkerSchema } from '../../src/migrate.js';
import { databaseBefore } from './helpers.js';

t.test('webhook jobs queued before 000017 are delivered through deliveries rows after it', async (t) => {
  // The schema as it was (the migrations before 000017) and graphile-worker's own.
  const { url, sql } = await databaseBefore(t, `sb_mig17_${process.pid}`, '000017');
  await migrateWorkerSchema(url, true);

  const [{ ep, todo }] = await sql`
    with o as (insert into switchboard.owners (handle) values ('mig') returning id),
         e as (insert into switchboard.endpoints (owner_id, agent_id, verbs, credential_sha256)
               select o.id, 'old', array['claim_next'], sha256('old-credential'::bytea) from o returning id)
    select e.id as ep, gen_random_uuid() as todo from e`;
  await sql`insert into switchboard.todos (id, endpoint_id, queue, state, attempt, max_attempts, last_seq, ready_at)
            values (${todo}, ${ep}, 'builds', 'pending', 0, 3, 0, now())`;
  // The payloads of before: ids and a queue name.
  await sql`select graphile_worker.add_job('switchboard_dead_letter', json_build_object('todo_id', ${todo}::uuid, 'seq', 1, 'sink', 'owner'))`;
  await sql`select graphile_worker.add_job('switchboard_dead_letter', json_build_object('todo_id', gen_random_uuid(), 'seq', 1, 'sink', 'instance'))`;
  await sql`select graphile_worker.add_job('switchboard_doorbell_webhook', json_build_object('endpoint_id', ${ep}::uuid, 'queue', 'builds'),
                                            job_key => 'switchboard_doorbell:' || ${ep}::text || ':builds')`;

  await migrateDatabase(url, { quiet: true });

  const jobs = await sql<{ task: string; payload: Record<string, string>; key: string | null }[]>`
    select k.identifier as task, j.payload, j.key from graphile_worker._private_jobs j
      join graphile_worker._private_tasks k on k.id = j.task_id order by j.id`;
  t.same(jobs.map((j) => Object.keys(j.payload)), [['delivery_id'], ['delivery_id'], ['delivery_id']],
    'every job carries only a delivery id now');
  const rows = await sql`select id, kind, todo_id, seq, sink, endpoint_id, queue from switchboard.deliveries order by kind`;
  t.match(rows, [
    { kind: 'dead_letter', todo_id: todo, seq: 1, sink: 'owner', endpoint_id: null, queue: null },
    { kind: 'doorbell', todo_id: null, endpoint_id: ep, queue: 'builds' },
  ], 'the dead letter and the doorbell each got their row; the job whose todo is gone got none');
  t.equal(jobs[0].payload.delivery_id, rows[0].id, 'the dead-letter job names its row');
  t.equal(jobs[2].payload.delivery_id, rows[1].id, 'the doorbell job names its row');
  t.equal(jobs[2].key, `switchboard_doorbell:${rows[1].id}`, 'keyed by the delivery, no longer by endpoint id and queue name');
  const [{ doc }] = await sql`select switchboard_worker.delivery(${rows[1].id}::uuid) as doc`;
  t.match(doc, { kind: 'doorbell', body: { event: 'todo_claimable', queue: 'builds' } }, 'the worker reads it through the row');
  const gone = await sql`select switchboard_worker.delivery(${jobs[1].payload.delivery_id}::uuid)`.then(() => null, (e: { code?: string }) => e.code);
  t.equal(gone, 'SB404', 'the job whose todo is gone finds nothing to deliver');
});
