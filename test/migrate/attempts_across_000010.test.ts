// Migration 000010 carries a database filled by the schema before it across: every attempt, open ones included, reads
// back through the todo_attempts view exactly as it was stored in the todo_attempts table, and the ledger goes on
// working (the open attempt completes with its fence token, a todo claimed again moves its newest attempt aside).
import t from 'tap';
import { migrateDatabase } from '../../src/migrate.js';
import { databaseBefore } from './helpers.js';

t.test('a database filled before 000010 reads the same attempts after it and goes on working', async (t) => {
  // The schema as it was: the committed migrations before 000010 only (tables and row rules, no functions needed
  // to fill it by hand).
  const { url, sql } = await databaseBefore(t, `sb_mig10_${process.pid}`, '000010');
  const [{ kind }] = await sql`select relkind::text as kind from pg_class where oid = 'switchboard.todo_attempts'::regclass`;
  t.equal(kind, 'r', 'before 000010, todo_attempts is a table');

  const ids = await sql`
    with o as (insert into switchboard.owners (handle) values ('mig') returning id),
         e as (insert into switchboard.endpoints (owner_id, agent_id, verbs, credential_sha256)
               select o.id, 'old', array['add_todo','claim','claim_next','heartbeat','complete','fail','release','list_todos'],
                      sha256('old-credential'::bytea) from o returning id)
    select e.id as ep, gen_random_uuid() as a, gen_random_uuid() as b, gen_random_uuid() as c, gen_random_uuid() as d from e`;
  const { ep, a, b, c, d } = ids[0];
  // a: done after one attempt; b: claimed, its second attempt open and fenced; c: a dead letter after three; d: pending.
  await sql`
    insert into switchboard.todos (id, endpoint_id, queue, state, attempt, max_attempts, owner, lease_expires_at, ready_at,
                                   next_retry_at, result, last_seq, created_at, updated_at)
    values (${a}, ${ep}, 'q', 'done', 1, 3, null, null, null, null, '{"ok": 1}', 1, now() - interval '1 hour', now() - interval '50 minutes'),
           (${b}, ${ep}, 'q', 'claimed', 2, 3, 'agent:old', now() + interval '5 minutes', null, null, null, 2, now() - interval '1 hour', now()),
           (${c}, ${ep}, 'q', 'failed', 3, 3, null, null, null, null, '{"err": 3}', 3, now() - interval '1 hour', now() - interval '10 minutes'),
           (${d}, ${ep}, 'q', 'pending', 0, 3, null, null, now() - interval '1 minute', null, null, 0, now() - interval '1 hour', now() - interval '1 hour')`;
  await sql`
    insert into switchboard.todo_attempts (todo_id, seq, attempt, claimer_kind, endpoint_id, owner, claimant, claimed_at,
                                           last_heartbeat_at, lease_expires_at, ended_at, outcome, disposition, summary,
                                           summary_truncated, artifact, lease_token_sha256)
    values (${a}, 1, 1, 'endpoint', ${ep}, 'agent:old', 'relay/1', now() - interval '55 minutes', null, now() - interval '50 minutes',
            now() - interval '50 minutes', 'completed', 'done', 'all green', false, 'mcp://cairn/r1', null),
           (${b}, 1, 1, 'endpoint', ${ep}, 'agent:old', null, now() - interval '40 minutes', now() - interval '39 minutes',
            now() - interval '35 minutes', now() - interval '36 minutes', 'failed', 'retry_scheduled', 'flaky test', true, null, null),
           (${b}, 2, 2, 'endpoint', ${ep}, 'agent:old', 'relay/2', now() - interval '1 minute', null, now() + interval '5 minutes',
            null, null, null, null, false, null, sha256('tok-b'::bytea)),
           (${c}, 1, 1, 'endpoint', ${ep}, 'agent:old', null, now() - interval '30 minutes', null, now() - interval '25 minutes',
            now() - interval '28 minutes', 'failed', 'retry_scheduled', 'one', false, null, null),
           (${c}, 2, 2, 'endpoint', ${ep}, 'agent:old', null, now() - interval '20 minutes', null, now() - interval '15 minutes',
            now() - interval '14 minutes', 'reaped', 'requeued', null, false, null, null),
           (${c}, 3, 3, 'endpoint', ${ep}, 'agent:old', null, now() - interval '12 minutes', null, now() - interval '10 minutes',
            now() - interval '10 minutes', 'failed', 'dead_lettered', 'three', false, null, null)`;
  const before = (await sql`select a::text as row from switchboard.todo_attempts a order by todo_id, seq`).map((r) => r.row);
  t.equal(before.length, 6);

  await migrateDatabase(url, { quiet: true });

  const [{ kind: after }] = await sql`select relkind::text as kind from pg_class where oid = 'switchboard.todo_attempts'::regclass`;
  t.equal(after, 'v', 'after 000010, todo_attempts is a view');
  const rows = (await sql`select a::text as row from switchboard.todo_attempts a order by todo_id, seq`).map((r) => r.row);
  t.same(rows, before, 'every attempt reads back through the view exactly as stored, the open one included');
  const heads = await sql`select id, last_seq, head_ended_at is null as open from switchboard.todos where head_claimer_kind is not null order by id`;
  t.equal(heads.length, 3, 'each claimed-before todo has its newest attempt as its head');
  t.same((await sql`select todo_id, seq from switchboard.earlier_attempts order by todo_id, seq`).map((r) => `${r.todo_id}/${r.seq}`).sort(),
    [`${b}/1`, `${c}/1`, `${c}/2`].sort(), 'the attempts before each newest one are in earlier_attempts');
  t.equal((await sql`select count(*)::int as n from switchboard.todo_attempts where ended_at is null`)[0].n, 1, 'one attempt open, as before');

  // The ledger goes on: the open, fenced attempt completes with its token (and only with it).
  const noToken = await sql`select switchboard.complete(endpoint_id => ${ep}::uuid, todo_id => ${b}::uuid)`.catch((e) => e);
  t.equal(noToken.code, 'SB409', 'the carried-over fence still holds: complete without its token is conflict');
  const [done] = await sql`select switchboard.complete(endpoint_id => ${ep}::uuid, todo_id => ${b}::uuid, summary => 'fixed', lease_token => 'tok-b') as doc`;
  t.equal(done.doc.state, 'done');
  const [got] = await sql`select switchboard.get_todo(endpoint_id => ${ep}::uuid, todo_id => ${b}::uuid) as doc`;
  t.same(got.doc.attempts.map((x: { seq: number; outcome: string; summary: string }) => [x.seq, x.outcome, x.summary]),
    [[2, 'completed', 'fixed'], [1, 'failed', 'flaky test']], 'get_todo lists the carried-over attempt and the one closed after');

  // A never-claimed todo, claimed twice: the first attempt moves to earlier_attempts, prior_attempts shows it.
  await sql`select switchboard.claim(endpoint_id => ${ep}::uuid, todo_id => ${d}::uuid)`;
  await sql`select switchboard.release(endpoint_id => ${ep}::uuid, todo_id => ${d}::uuid, summary => 'shutting down')`;
  const [again] = await sql`select switchboard.claim(endpoint_id => ${ep}::uuid, todo_id => ${d}::uuid) as doc`;
  t.equal(again.doc.attempt_seq, 2);
  t.same(again.doc.prior_attempts.map((x: { seq: number; outcome: string }) => [x.seq, x.outcome]), [[1, 'released']]);
  t.equal((await sql`select count(*)::int as n from switchboard.earlier_attempts where todo_id = ${d}`)[0].n, 1);
  const [dl] = await sql`select switchboard.get_todo(endpoint_id => ${ep}::uuid, todo_id => ${c}::uuid) as doc`;
  t.same([dl.doc.dead_letter, dl.doc.attempts.map((x: { died: boolean }) => x.died)], [true, [false, true, false]],
    'the dead letter keeps its three attempts, the reaped one still died');
});
