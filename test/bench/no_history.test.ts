// The switchboard-no-history benchmark contender is generated from the production function files (bench/lib/no-history.ts
// cuts the `-- history{` … `-- history}` spans): the cut SQL applies, the verb layer still works (authorization, the
// fence, the documents), and no attempt history is written. So the ADR-0039 ratio is read against a baseline that is
// the production code minus exactly the attempt-history work, and a marker left unbalanced fails here, not in a bench.
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { noHistorySql, stripHistory } from '../../bench/lib/no-history.js';
import { freshDatabase } from '../helpers/db.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

t.test('stripHistory cuts the marked spans and refuses unbalanced markers', async (t) => {
  t.equal(stripHistory('a\n  -- history{\nb\n  -- history}\nc'), 'a\nc');
  t.throws(() => stripHistory('a\n-- history{\nb'), /never closed/);
  t.throws(() => stripHistory('a\n-- history}\nb'), /without history\{/);
});

t.test('the generated no-history functions apply and run a fenced cycle without writing attempt history', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const { files, sql } = noHistorySql(root);
  t.ok(files.includes('core/open_attempt.sql') && files.includes('core/end_held.sql'), `cut from ${files.join(', ')}`);
  await db.sql.unsafe(sql);

  const [o] = await db.sql`select switchboard.add_owner('nh') as doc`;
  const [e] = await db.sql`select switchboard.vend_endpoint(${o.doc.owner_id}::uuid, 'nh') as doc`;
  const ep = e.doc.endpoint_id as string;
  await db.sql`select switchboard.add_todo(endpoint_id => ${ep}::uuid, queue => 'q')`;
  const [c] = await db.sql`select switchboard.claim_next(endpoint_id => ${ep}::uuid, queue => 'q', require_fence => true) as doc`;
  t.equal(c.doc.state, 'claimed');
  t.equal(c.doc.attempt_seq, 1, 'the claim document keeps its shape');
  t.type(c.doc.lease_token, 'string', 'the fence is not history: it is kept');
  const noToken = await db.sql`select switchboard.complete(endpoint_id => ${ep}::uuid, todo_id => ${c.doc.id}::uuid)`.catch((x) => x);
  t.equal(noToken.code, 'SB409', 'complete without the token is still conflict');
  const [d] = await db.sql`select switchboard.complete(endpoint_id => ${ep}::uuid, todo_id => ${c.doc.id}::uuid, lease_token => ${c.doc.lease_token}) as doc`;
  t.equal(d.doc.state, 'done');
  const [h] = await db.sql`select count(*)::int as attempts, (select count(*)::int from switchboard.attempt_close_counts) as counted
                             from switchboard.todo_attempts`;
  t.same(h, { attempts: 0, counted: 0 }, 'no attempt was recorded and no close counted');
});
