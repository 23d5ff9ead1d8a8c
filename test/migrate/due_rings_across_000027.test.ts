// Migration 000027 owes a ring to every todo already waiting for its run_at when it runs: a deployment upgraded with
// todos filed for later rings their queues when they come due, as a todo filed after the upgrade does; a todo ready
// now, or one already claimed, owes nothing.
import t from 'tap';
import { migrateDatabase } from '../../src/migrate.js';
import { databaseBefore } from './helpers.js';

t.test('todos filed for later before 000027 owe their rings after it', async (t) => {
  const { url, sql } = await databaseBefore(t, `sb_mig27_${process.pid}`, '000027');

  const [{ ep }] = await sql`
    with o as (insert into switchboard.owners (handle) values ('mig') returning id),
         e as (insert into switchboard.endpoints (owner_id, agent_id, verbs, credential_sha256)
               select o.id, 'old', array['claim_next'], sha256('old-credential'::bytea) from o returning id)
    select e.id as ep from e`;
  const [{ later }] = await sql`
    insert into switchboard.todos (endpoint_id, queue, max_attempts, run_at, ready_at)
    values (${ep}, 'builds', 3, now() + interval '90.5 seconds', now() + interval '90.5 seconds') returning id as later`;
  await sql`insert into switchboard.todos (endpoint_id, queue, max_attempts, ready_at) values (${ep}, 'builds', 3, now())`;

  await migrateDatabase(url, { quiet: true });

  const rows = await sql`select r.todo_id, r.scope_id, r.queue, r.due_at = date_trunc('second', t.ready_at) + interval '1 second' as rounded_up
                           from switchboard.due_rings r join switchboard.todos t on t.id = r.todo_id`;
  t.same(rows, [{ todo_id: later, scope_id: ep, queue: 'builds', rounded_up: true }],
    'the todo filed for later owes one ring, at its ready time rounded up to the second; the one ready now owes none');
  await sql`update switchboard.due_rings set due_at = now() - interval '1 second'`;
  const [{ n }] = await sql`select switchboard.ring_due_todos() as n`;
  t.equal(n, 1, 'and the sweep rings it once due');
});
