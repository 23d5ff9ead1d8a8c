// An open claim transaction never holds up another claimer: connection A keeps `begin; claim_next(...)` open,
// connection B (lock_timeout 200ms, so waiting would fail it rather than hang) gets the NEXT todo, in the queue
// form and the any-queue form alike. Without SKIP LOCKED in either pick, B would wait on A's row lock and fail.
import t from 'tap';
import postgres from 'postgres';
import { freshDatabase } from '../helpers/db.js';

for (const form of ['queue', 'any-queue'] as const) {
  t.test(`claim_next (${form} form) skips a todo another open transaction is claiming`, async (t) => {
    const db = await freshDatabase();
    t.teardown(() => db.drop());
    const [owner] = await db.sql`select switchboard.add_owner('racer') as doc`;
    const [ep] = await db.sql`select switchboard.vend_endpoint(${owner.doc.owner_id}::uuid, 'racer') as doc`;
    const endpointId: string = ep.doc.endpoint_id;
    const [first] = await db.sql`select switchboard.add_todo(endpoint_id => ${endpointId}::uuid, queue => 'q', priority => 5) as doc`;
    const [second] = await db.sql`select switchboard.add_todo(endpoint_id => ${endpointId}::uuid, queue => 'q', priority => 1) as doc`;
    const queue = form === 'queue' ? 'q' : null;

    const a = postgres(db.url, { max: 1, onnotice: () => {} });
    const b = postgres(db.url, { max: 1, onnotice: () => {} });
    t.teardown(() => Promise.all([a.end({ timeout: 5 }), b.end({ timeout: 5 })]));

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let aClaimed!: (id: string) => void;
    const aGot = new Promise<string>((r) => (aClaimed = r));
    const aTx = a.begin(async (tx) => {
      const [row] = await tx`select switchboard.claim_next(endpoint_id => ${endpointId}::uuid, queue => ${queue}::text) as doc`;
      aClaimed(row.doc.id);
      await held; // the transaction stays open, its row lock held
    });

    t.equal(await aGot, first.doc.id, 'A claims the top todo and keeps its transaction open');
    try {
      const bId = await b.begin(async (tx) => {
        await tx`set local lock_timeout = '200ms'`;
        const [row] = await tx`select switchboard.claim_next(endpoint_id => ${endpointId}::uuid, queue => ${queue}::text) as doc`;
        return row.doc.id as string;
      });
      t.equal(bId, second.doc.id, 'B gets the next todo at once, without waiting for A');
    } finally {
      release();
      await aTx;
    }
  });
}
