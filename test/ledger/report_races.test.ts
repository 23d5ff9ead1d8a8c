// A holder's complete or release that waits on a concurrent transition of its todo answers conflict once that commits.
//
// complete and release check the holder in the WHERE of one UPDATE (sql/functions/_end_held.sql). When the todo row
// changed after that statement's snapshot, Postgres re-checks the WHERE on the new row version only; these races show
// that a cancel, or a takeover by the same agent, committed while the report waited, is never overwritten by it.
import t from 'tap';
import postgres from 'postgres';
import { freshDatabase, type TestDb } from '../helpers/db.js';

async function world(db: TestDb) {
  const [owner] = await db.sql`select switchboard.add_owner('racer') as doc`;
  const [ep] = await db.sql`select switchboard.vend_endpoint(${owner.doc.owner_id}::uuid, 'racer') as doc`;
  const endpointId: string = ep.doc.endpoint_id;
  const [todo] = await db.sql`select switchboard.add_todo(endpoint_id => ${endpointId}::uuid, queue => 'race') as doc`;
  return { ownerId: owner.doc.owner_id as string, endpointId, todoId: todo.doc.id as string };
}

/** Resolves once the backend `pid` is waiting for a lock (the report queued behind the other transaction). */
async function waitingForLock(db: TestDb, pid: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const [r] = await db.sql`select wait_event_type from pg_stat_activity where pid = ${pid}`;
    if (r?.wait_event_type === 'Lock') return;
    await new Promise((res) => setTimeout(res, 10));
  }
  throw new Error(`backend ${pid} never waited for a lock`);
}

async function attempts(db: TestDb, todoId: string) {
  return db.sql`select seq, outcome, disposition, ended_at is null as open
                  from switchboard.todo_attempts where todo_id = ${todoId}::uuid order by seq`;
}

for (const verb of ['complete', 'release'] as const) {
  t.test(`${verb} waiting on an owner's cancel answers conflict after the cancel commits`, async (t) => {
    const db = await freshDatabase();
    t.teardown(() => db.drop());
    const { ownerId, endpointId, todoId } = await world(db);
    await db.sql`select switchboard.claim_next(endpoint_id => ${endpointId}::uuid, queue => 'race')`;

    const holder = postgres(db.url, { max: 1, onnotice: () => {} });
    const [{ pid }] = await holder`select pg_backend_pid() as pid`;
    const owner = await db.sql.reserve();
    try {
      await owner`begin`;
      await owner`select switchboard.cancel(${ownerId}::uuid, ${todoId}::uuid)`;
      const report = holder`select switchboard.${db.sql(verb)}(endpoint_id => ${endpointId}::uuid, todo_id => ${todoId}::uuid)`
        .then(() => 'ok', (e: { code?: string }) => e.code);
      await waitingForLock(db, pid);
      await owner`commit`;
      t.equal(await report, 'SB409', `${verb} answers conflict`);
    } finally {
      owner.release();
      await holder.end({ timeout: 5 });
    }
    const [row] = await db.sql`select state from switchboard.todos where id = ${todoId}::uuid`;
    t.equal(row.state, 'canceled', 'the cancel stands');
    t.same(await attempts(db, todoId), [{ seq: 1, outcome: 'canceled', disposition: 'canceled', open: false }],
      'the attempt was closed once, by the cancel');
  });

  t.test(`${verb} by a holder whose lease lapsed while it waited on a fenced takeover answers conflict`, async (t) => {
    const db = await freshDatabase();
    t.teardown(() => db.drop());
    const { endpointId, todoId } = await world(db);
    const [{ doc: first }] = await db.sql`select switchboard.claim_next(endpoint_id => ${endpointId}::uuid, queue => 'race',
                                                                       lease_seconds => 1) as doc`;
    t.equal(first.id, todoId);

    // The old holder's transaction starts while its lease is live, so its report's now() still sees it live.
    const holder = await db.sql.reserve();
    const [{ pid }] = await holder`select pg_backend_pid() as pid`;
    const taker = await db.sql.reserve();
    try {
      await holder`begin`;
      await holder`select now()`;
      await new Promise((res) => setTimeout(res, 1_200));
      await taker`begin`;
      const [{ doc: second }] = await taker`select switchboard.claim_next(endpoint_id => ${endpointId}::uuid, queue => 'race',
                                                                       require_fence => true) as doc`;
      t.equal(second.id, todoId, 'the same agent took the lapsed lease over, fenced');
      const report = holder`select switchboard.${db.sql(verb)}(endpoint_id => ${endpointId}::uuid, todo_id => ${todoId}::uuid)`
        .then(() => 'ok', (e: { code?: string }) => e.code);
      await waitingForLock(db, pid);
      await taker`commit`;
      t.equal(await report, 'SB409', `the old holder's ${verb} answers conflict`);
      await holder`rollback`;
    } finally {
      holder.release();
      taker.release();
    }
    const [row] = await db.sql`select state, last_seq from switchboard.todos where id = ${todoId}::uuid`;
    t.same(row, { state: 'claimed', last_seq: 2 }, 'the todo stays with the new attempt');
    t.same(await attempts(db, todoId), [
      { seq: 1, outcome: 'lease_expired', disposition: 'requeued', open: false },
      { seq: 2, outcome: null, disposition: null, open: true },
    ], 'the old attempt closed lease_expired, the new one is open');
  });
}
