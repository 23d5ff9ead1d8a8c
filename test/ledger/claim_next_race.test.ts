// 16 connections race claim_next over 2,000 todos: each todo is claimed exactly once, one open attempt each.
import t from 'tap';
import postgres from 'postgres';
import { freshDatabase } from '../helpers/db.js';

const TODOS = 2000;
const CLIENTS = 16;

t.test('16 connections racing claim_next claim each of 2,000 todos exactly once', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const [owner] = await db.sql`select switchboard.add_owner('racer') as doc`;
  const [ep] = await db.sql`select switchboard.vend_endpoint(${owner.doc.owner_id}::uuid, 'racer') as doc`;
  const endpointId: string = ep.doc.endpoint_id;
  await db.sql`select switchboard.add_todo(endpoint_id => ${endpointId}::uuid, queue => 'race', payload => jsonb_build_object('n', g))
               from generate_series(1, ${TODOS}) g`;

  const claimed: string[] = [];
  const clients = Array.from({ length: CLIENTS }, () => postgres(db.url, { max: 1, onnotice: () => {} }));
  try {
    await Promise.all(
      clients.map(async (c) => {
        for (;;) {
          const [row] = await c`select switchboard.claim_next(endpoint_id => ${endpointId}::uuid, queue => 'race') as doc`;
          if (row.doc.empty) return;
          claimed.push(row.doc.id);
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((c) => c.end({ timeout: 5 })));
  }

  t.equal(claimed.length, TODOS, 'every todo was handed out');
  t.equal(new Set(claimed).size, TODOS, 'no todo was handed out twice');
  const [counts] = await db.sql`
    select count(*) filter (where state = 'claimed')::int as claimed,
           (select count(*)::int from switchboard.todo_attempts where ended_at is null) as open_attempts,
           (select count(*)::int from (select todo_id from switchboard.todo_attempts
                                        where ended_at is null group by todo_id having count(*) > 1) d) as doubled
      from switchboard.todos`;
  t.equal(counts.claimed, TODOS, 'every todo is claimed');
  t.equal(counts.open_attempts, TODOS, 'one open attempt per claimed todo');
  t.equal(counts.doubled, 0, 'no todo has two open attempts');
});
