// The closed-attempt counters have no single hot row: two completions in flight at once, on backends of
// different shards, do not wait for each other's commit.
import t from 'tap';
import { freshDatabase } from '../helpers/db.js';

t.test('two open transactions completing todos of one queue do not block each other on the counter', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const [{ ep }] = await db.sql`select switchboard.vend_endpoint((switchboard.add_owner('alice')->>'owner_id')::uuid, 'bot')
                                  ->>'endpoint_id' as ep`;
  const ids = (await db.sql`select switchboard.add_todo(endpoint_id => ${ep}::uuid, queue => 'builds'::text)->>'id' as id
                              from generate_series(1, 2)`).map((r) => r.id as string);
  for (const id of ids) await db.sql`select switchboard.claim(endpoint_id => ${ep}::uuid, todo_id => ${id}::uuid)`;
  // Warm the shard rows the way a running system has them, so neither transaction below inserts one.
  await db.sql`insert into switchboard.attempt_close_counts (queue, outcome, shard, n)
               select 'builds', 'completed', s, 0 from generate_series(0, 15) s`;

  // Two connections whose backends write different shards (pid % 16).
  const conns = [];
  const spare = [];
  const shards = new Set<number>();
  while (conns.length < 2) {
    const c = await db.sql.reserve();
    const [{ shard }] = await c`select pg_backend_pid() % 16 as shard`;
    // A backend of a shard already taken stays reserved until the end, so the pool hands out another one.
    if (shards.has(shard)) spare.push(c);
    else {
      shards.add(shard);
      conns.push(c);
    }
  }
  const [a, b] = conns;
  await a`begin`;
  await a`select switchboard.complete(endpoint_id => ${ep}::uuid, todo_id => ${ids[0]}::uuid)`;
  await b`begin`;
  await b`set local lock_timeout = '3s'`;
  // With one counter row for the queue, this would wait for a's commit and fail on the lock timeout.
  const [{ doc }] = await b`select switchboard.complete(endpoint_id => ${ep}::uuid, todo_id => ${ids[1]}::uuid) as doc`;
  t.equal(doc.state, 'done', 'the second completion went through while the first was still open');
  await b`commit`;
  await a`commit`;
  for (const c of [a, b, ...spare]) c.release();

  const [{ n }] = await db.sql`select sum(n)::int as n from switchboard.attempt_close_counts
                                where queue = 'builds' and outcome = 'completed'`;
  t.equal(n, 2, 'and both are counted');
});
