// The server's and the worker's postgres.js clients never read array types when they connect (LONG_LIVED): postgres.js
// 3.4 runs that read on every new connection and leaves its failure unhandled, so a connection terminated or cancelled
// during it ended the whole process. And the arrays they send instead, as PostgreSQL's own literal (pgTextArray).
import postgres from 'postgres';
import t from 'tap';
import { createPool, LONG_LIVED, pgTextArray } from '../../src/db.js';
import { freshDatabase } from '../helpers/db.js';

/** Unhandled rejections while fn runs (and a moment after, for the connection's own promises to settle). */
async function unhandledDuring(fn: () => Promise<unknown>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const on = (e: unknown) => seen.push(e);
  // tap's own listener would fail the test on its own; this one only counts, and the assertion says what happened.
  const others = process.listeners('unhandledRejection');
  process.removeAllListeners('unhandledRejection');
  process.on('unhandledRejection', on);
  try {
    await fn().catch(() => {});
    await new Promise((r) => setTimeout(r, 300));
  } finally {
    process.off('unhandledRejection', on);
    for (const l of others) process.on('unhandledRejection', l);
  }
  return seen;
}

t.test('a new connection cancelled at once fails its caller only, not the process', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  // A statement timeout of 1 ms cancels whatever a new connection runs first (porsager/postgres#1192's reproduction).
  const pool = createPool(db.url, { max: 1, role: null, statementTimeoutMs: 1 });
  t.teardown(() => pool.end({ timeout: 1 }));
  let failure: unknown;
  const ours = await unhandledDuring(() => pool`select pg_sleep(0.05)`.catch((e) => { failure = e; }));
  t.match(failure, { code: '57014' }, "the caller's query is cancelled, and told so");
  t.same(ours, [], 'and nothing rejects unhandled');

  // The same client with postgres.js's default (fetch_types on): the check above is able to see the failure.
  const plain = postgres(db.url, { max: 1, onnotice: () => {}, connection: { statement_timeout: 1 } });
  t.teardown(() => plain.end({ timeout: 1 }));
  const theirs = await unhandledDuring(() => plain`select 1`);
  t.ok(theirs.length > 0, 'with fetch_types on, the same cancellation is an unhandled rejection');
  t.same(LONG_LIVED, { fetch_types: false });
});

t.test('pgTextArray writes any text as one element, and null as null', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const sql = postgres(db.url, { max: 1, onnotice: () => {}, ...LONG_LIVED });
  t.teardown(() => sql.end({ timeout: 1 }));
  const tricky = ['plain', 'a,b', '{x}', 'quote " in', 'back\\slash', '\\"', 'NULL', '', ' spaced ', 'ünïcode ✓', 'line\nbreak'];
  // Read back inside jsonb: without the types, postgres.js returns an array column as its text.
  const [r] = await sql`select to_jsonb(${pgTextArray(tricky)}::text[]) as a, to_jsonb(${pgTextArray([])}::text[]) as e,
                               ${pgTextArray(null)}::text[] as n`;
  t.same(r.a, tricky, 'each element comes back as it went');
  t.same(r.e, [], 'an empty array');
  t.equal(r.n, null, 'null');
  t.equal(pgTextArray(undefined), null, 'undefined is null too');
});
