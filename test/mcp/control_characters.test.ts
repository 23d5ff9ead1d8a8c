// Control characters in the text the spec says is cut, never refused, through a real SDK client: a NUL in a
// claimant or a summary is removed (Postgres text cannot hold it) rather than answered `invalid`; a claimant loses
// every control character. Text the spec does validate (artifact, title) still answers `invalid`, never internal.
import t from 'tap';
import { call, fixture } from './helpers.js';

t.test('a NUL in a claimant or a summary is stored without it; in an artifact or a title it is invalid', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'builder');
  const c = await f.memoryClient(ep);

  const a = (await call(c, 'add_todo', { queue: 'q' })).doc.id as string;
  const claimed = await call(c, 'claim', { todo_id: a, claimant: 'run\u0000-1\u0007\u009b' });
  t.equal(claimed.isError, false, 'a claim with a NUL in its claimant succeeds');
  const done = await call(c, 'complete', { todo_id: a, summary: 'tests\u0000 green\nall of them' });
  t.equal(done.isError, false, 'a complete with a NUL in its summary succeeds');
  const [row] = await f.db.sql`select claimant, summary from switchboard.todo_attempts where todo_id = ${a}::uuid and seq = 1`;
  t.equal(row.claimant, 'run-1', 'the claimant is stored without its control characters');
  t.equal(row.summary, 'tests green\nall of them', 'the summary is stored without the NUL, its newline kept');

  const b = (await call(c, 'add_todo', { queue: 'q', max_attempts: 2 })).doc.id as string;
  await call(c, 'claim_next', { queue: 'q', claimant: '\u0000' });
  const released = await call(c, 'release', { todo_id: b, summary: 'handing\u0000 back' });
  t.equal(released.isError, false, 'release with a NUL in its summary succeeds');
  await call(c, 'claim', { todo_id: b });
  const failed = await call(c, 'fail', { todo_id: b, summary: '\u0000red\u0000' });
  t.equal(failed.isError, false, 'fail with a NUL in its summary succeeds');
  const rows = await f.db.sql`select seq, claimant, summary from switchboard.todo_attempts where todo_id = ${b}::uuid order by seq`;
  t.same(
    rows.map((r) => [r.claimant, r.summary]),
    [
      [null, 'handing back'],
      [null, 'red'],
    ],
    'a claimant of only a NUL is no claimant; the summaries lose their NULs',
  );

  const d = (await call(c, 'add_todo', { queue: 'q' })).doc.id as string;
  await call(c, 'claim', { todo_id: d });
  const badArtifact = await call(c, 'complete', { todo_id: d, artifact: 'mcp://cairn/a\u0000b' });
  t.equal(badArtifact.isError, true);
  t.equal(badArtifact.doc.error, 'invalid', 'a NUL in an artifact is invalid, not an internal error');
  const badTitle = await call(c, 'add_todo', { queue: 'q', title: 'a\u0000b' });
  t.equal(badTitle.doc.error, 'invalid', 'a NUL in a title is invalid');
  const [{ state }] = await f.db.sql`select state from switchboard.todos where id = ${d}::uuid`;
  t.equal(state, 'claimed', 'the refused complete changed nothing');
});
