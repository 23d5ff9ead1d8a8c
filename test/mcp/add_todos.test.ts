// add_todos through a real SDK client: files in order in one call, all or nothing naming the bad index, and a
// retry with the same idempotency keys answers the same todos and files nothing.
import t from 'tap';
import { call, fixture } from './helpers.js';

t.test('add_todos files many todos in one call, all or nothing, idempotent per element', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'planner');
  const c = await f.memoryClient(ep);
  const count = async () =>
    (await f.db.sql`select count(*)::int as n from switchboard.todos where endpoint_id = ${ep.endpoint_id}::uuid`)[0].n;

  const todos = [0, 1, 2].map((i) => ({ queue: 'q', payload: { n: i }, idempotency_key: `plan-1/${i}` }));
  const first = await call(c, 'add_todos', { todos });
  t.equal(first.isError, false);
  const filed = first.doc.todos as { id: string }[];
  const ns = await Promise.all(filed.map(async (x) => (await call(c, 'get_todo', { todo_id: x.id })).doc.payload));
  t.same(ns, [{ n: 0 }, { n: 1 }, { n: 2 }], 'three todos, in the order given');
  t.equal(await count(), 3);

  const bad = await call(c, 'add_todos', { todos: [{ queue: 'q' }, { queue: 'q', priority: 5000 }, { queue: 'q' }] });
  t.equal(bad.isError, true);
  t.equal(bad.doc.error, 'invalid');
  t.match(bad.doc.message, /^invalid: todos\[1\]: /, 'the message names the bad index');
  t.equal(await count(), 3, 'nothing filed');

  const again = await call(c, 'add_todos', { todos });
  t.same((again.doc.todos as { id: string }[]).map((x) => x.id), filed.map((x) => x.id), 'the retry answers the same todos');
  t.equal(await count(), 3, 'and files nothing');
});

t.test('add_todos is listed and allowed with add_todo, and forbidden without it', async (t) => {
  const f = await fixture(t);
  const owner = await f.owner('bob');
  const worker = await f.memoryClient(await f.vend(owner, 'worker', ['claim_next', 'complete']));
  t.notOk((await worker.listTools()).tools.some((x) => x.name === 'add_todos'), 'not listed without add_todo');
  const res = await call(worker, 'add_todos', { todos: [{ queue: 'q' }] });
  t.equal(res.doc.error, 'forbidden');
});
