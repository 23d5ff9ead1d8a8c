// add_todo's idempotency_key through a real SDK client: a retry with the key answers the todo it filed and files
// nothing, the key with other arguments is `conflict`, and concurrent calls with one key file one todo.
import t from 'tap';
import { call, fixture } from './helpers.js';

t.test('a retried add_todo with its idempotency_key files one todo; other arguments are conflict', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'planner');
  const c = await f.memoryClient(ep);

  const first = await call(c, 'add_todo', { queue: 'q', payload: { n: 1 }, idempotency_key: 'plan-7/step-1' });
  t.equal(first.isError, false);
  const again = await call(c, 'add_todo', { queue: 'q', payload: { n: 1 }, idempotency_key: 'plan-7/step-1' });
  t.equal(again.doc.id, first.doc.id, 'the same key answers the todo it filed');
  const other = await call(c, 'add_todo', { queue: 'q', payload: { n: 2 }, idempotency_key: 'plan-7/step-1' });
  t.equal(other.isError, true);
  t.equal(other.doc.error, 'conflict', 'the same key with another payload is conflict');

  const racing = await Promise.all([1, 2, 3, 4].map(() => call(c, 'add_todo', { queue: 'q', idempotency_key: 'race' })));
  t.equal(new Set(racing.map((r) => r.doc.id)).size, 1, 'concurrent calls with one key answer one todo');
  const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.todos where endpoint_id = ${ep.endpoint_id}::uuid`;
  t.equal(n, 2, 'two todos filed in all: one per key');
});
