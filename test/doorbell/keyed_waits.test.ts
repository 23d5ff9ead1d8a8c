// Long polls that cost what they should: a ring wakes only its endpoint's waiters, each woken waiter claims once,
// nothing re-claims on a timer, a credential holds at most SWITCHBOARD_MAX_WAITERS waits (then `throttled`), an
// aborted wait ends at once, and a reconnect of the LISTEN connection wakes everyone once. Real Postgres
// NOTIFYs through the real doorbell; each claim is switchboard.claim_next.
import t from 'tap';
import { claimNextWithWait, doorbellFor, ThrottledError } from '../../src/doorbell.js';
import { toCallerError } from '../../src/errors.js';
import { type Fixture, fixture } from '../mcp/helpers.js';
import { until } from '../worker/helpers.js';

type Doc = Record<string, unknown>;

/** A claimer for one endpoint that counts its claim_next calls. */
function claimer(f: Fixture, endpoint: string, queue: string | null) {
  const c = {
    claims: 0,
    claim: async (): Promise<Doc> => {
      c.claims++;
      const [{ doc }] = await f.db.sql`select switchboard.claim_next(endpoint_id => ${endpoint}::uuid, queue => ${queue}::text) as doc`;
      return doc as Doc;
    },
  };
  return c;
}

const add = async (f: Fixture, endpoint: string, queue: string): Promise<string> => {
  const [{ id }] = await f.db.sql`select switchboard.add_todo(endpoint_id => ${endpoint}::uuid, queue => ${queue}::text)->>'id' as id`;
  return id;
};

/**
 * Returns once every ring sent before it has been dispatched: notifications arrive in commit order on the one
 * LISTEN connection, so once a sentinel endpoint's waiter is woken by its own later add, all earlier rings were.
 */
async function flushRings(f: Fixture, bell: Awaited<ReturnType<typeof doorbellFor>>): Promise<void> {
  const s = (await f.vend(await f.owner(`sentinel-${Math.random().toString(36).slice(2)}`), 'bot')).endpoint_id;
  const before = bell.waiting;
  const wait = claimNextWithWait(claimer(f, s, 'sentinel').claim, bell, { queue: 'sentinel', endpoint: s, waitSeconds: 60 });
  await until(async () => bell.waiting === before + 1, 'the sentinel waiter');
  const id = await add(f, s, 'sentinel');
  if ((await wait).id !== id) throw new Error('the sentinel waiter did not get its todo');
}

t.test("one tenant's adds wake only its own waiters", async (t) => {
  const f = await fixture(t);
  const [a, b, c] = await Promise.all(['a', 'b', 'c'].map(async (h) => (await f.vend(await f.owner(h), 'bot')).endpoint_id));
  const bell = await doorbellFor(f.ctx.sql);

  // Tenant A: five waiters on builds and five on every queue.
  const aClaimers = [...Array(5)].map(() => claimer(f, a, 'builds')).concat([...Array(5)].map(() => claimer(f, a, null)));
  const aWaits = aClaimers.map((x, i) =>
    claimNextWithWait(x.claim, bell, { queue: i < 5 ? 'builds' : null, endpoint: a, waitSeconds: 60 }),
  );
  await until(async () => bell.waiting === 10, "A's ten waiters");

  // Tenant B adds twenty todos to a queue of the same name, one transaction each.
  for (let i = 0; i < 20; i++) await add(f, b, 'builds');
  // Notifications arrive in commit order on the one LISTEN connection: once C's waiter has its todo, every ring of
  // B's adds has been dispatched.
  const cc = claimer(f, c, 'builds');
  const cWait = claimNextWithWait(cc.claim, bell, { queue: 'builds', endpoint: c, waitSeconds: 60 });
  await until(async () => bell.waiting === 11, "C's waiter");
  const cTodo = await add(f, c, 'builds');
  t.equal((await cWait).id, cTodo, 'C was woken by its own add');

  t.same(aClaimers.map((x) => x.claims), Array(10).fill(1), "B's twenty adds made none of A's waiters claim again");
  t.equal(bell.waiting, 10, "A's waiters still wait");

  // A's own add wakes A's waiters (each claims once); one gets it.
  const aTodo = await add(f, a, 'builds');
  const first = await Promise.race(aWaits);
  t.equal(first.id, aTodo, 'an A waiter claimed it');
  await until(async () => aClaimers.reduce((n, x) => n + x.claims, 0) === 20, 'every A waiter to claim once');
  await until(async () => bell.waiting === 9, 'the nine others to wait again');
  await flushRings(f, bell);
  t.equal(aClaimers.reduce((n, x) => n + x.claims, 0), 20, 'one ring, one claim per waiter, no more');
  await bell.close();
  await Promise.all(aWaits);
});

t.test('an unrung wait claims once and answers empty at its deadline, without claiming again', async (t) => {
  const f = await fixture(t);
  const a = (await f.vend(await f.owner('a'), 'bot')).endpoint_id;
  const bell = await doorbellFor(f.ctx.sql);
  const x = claimer(f, a, 'builds');
  t.same(await claimNextWithWait(x.claim, bell, { queue: 'builds', endpoint: a, waitSeconds: 2 }), { empty: true });
  t.equal(x.claims, 1, 'one claim in two seconds of waiting');
});

t.test('SWITCHBOARD_MAX_WAITERS: a credential holds at most that many waits; more answer throttled', async (t) => {
  const f = await fixture(t);
  const [a, b] = await Promise.all(['a', 'b'].map(async (h) => (await f.vend(await f.owner(h), 'bot')).endpoint_id));
  const bell = await doorbellFor(f.ctx.sql);
  const opts = (endpoint: string, signal?: AbortSignal) => ({ queue: 'builds', endpoint, holder: endpoint, maxWaiters: 2, waitSeconds: 60, signal });

  const aborts = [new AbortController(), new AbortController()];
  const held = aborts.map((ac) => claimNextWithWait(claimer(f, a, 'builds').claim, bell, opts(a, ac.signal)));
  await until(async () => bell.held(a) === 2, "A's two waits");

  const third = claimer(f, a, 'builds');
  const refused = await claimNextWithWait(third.claim, bell, opts(a)).then(
    () => null,
    (e: unknown) => e,
  );
  t.ok(refused instanceof ThrottledError, 'the third wait is refused');
  const shown = toCallerError(refused);
  t.equal(shown.kind, 'throttled', 'as the caller-facing kind throttled');
  t.match(shown.message, /^throttled: this credential already has 2 claim_next calls waiting/);
  t.match(shown.hint, /without wait_seconds/);
  t.equal(third.claims, 1, 'after one claim that found nothing (a call that finds work is never refused)');

  const bWait = claimNextWithWait(claimer(f, b, 'builds').claim, bell, opts(b));
  await until(async () => bell.held(b) === 1, "B's wait is not limited by A's");

  const ready = await add(f, a, 'docs');
  const docs = claimer(f, a, 'docs');
  const got = await claimNextWithWait(docs.claim, bell, { ...opts(a), queue: 'docs' });
  t.equal(got.id, ready, 'at the cap, a call whose first claim finds work still gets it');

  aborts[0].abort();
  t.same(await held[0], { empty: true }, 'an aborted wait answers empty');
  await until(async () => bell.held(a) === 1, 'its slot to be freed');
  const again = new AbortController();
  const next = claimNextWithWait(claimer(f, a, 'builds').claim, bell, opts(a, again.signal));
  await until(async () => bell.held(a) === 2, 'a new wait takes the freed slot');

  aborts[1].abort();
  again.abort();
  await Promise.all([held[1], next]);
  await bell.close();
  await bWait;
  t.equal(bell.held(a), 0, 'every slot released');
});

t.test('an aborted wait ends at once and claims nothing afterwards', async (t) => {
  const f = await fixture(t);
  const a = (await f.vend(await f.owner('a'), 'bot')).endpoint_id;
  const bell = await doorbellFor(f.ctx.sql);
  const x = claimer(f, a, 'builds');
  const ac = new AbortController();
  const wait = claimNextWithWait(x.claim, bell, { queue: 'builds', endpoint: a, waitSeconds: 60, signal: ac.signal });
  await until(async () => bell.waiting === 1, 'the wait');
  ac.abort();
  t.same(await wait, { empty: true });
  t.equal(bell.waiting, 0, 'no waiter left');
  await add(f, a, 'builds');
  await flushRings(f, bell);
  t.equal(x.claims, 1, 'the add after the abort caused no claim');
});

t.test('a reconnect of the LISTEN connection wakes every waiter once, and rings are heard again', async (t) => {
  const f = await fixture(t);
  const a = (await f.vend(await f.owner('a'), 'bot')).endpoint_id;
  const bell = await doorbellFor(f.ctx.sql);
  const x = claimer(f, a, 'builds');
  const wait = claimNextWithWait(x.claim, bell, { queue: 'builds', endpoint: a, waitSeconds: 60 });
  await until(async () => bell.waiting === 1, 'the wait');
  const [{ n }] = await f.db.sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
                                  where datname = current_database() and query ilike 'listen %'`;
  t.equal(n, 1, 'the LISTEN connection was cut');
  await until(async () => x.claims === 2, 'the waiter to claim once after the re-LISTEN');
  await until(async () => bell.waiting === 1, 'and wait again');
  const id = await add(f, a, 'builds');
  t.equal((await wait).id, id, 'the next ring is heard on the new connection');
  t.equal(x.claims, 3);
});

t.test('a flood of genuine rings costs a waiter at most claimsPerSecond claims a second, and a ring in a gap is kept', async (t) => {
  const f = await fixture(t);
  const a = (await f.vend(await f.owner('a'), 'bot')).endpoint_id;
  const bell = await doorbellFor(f.ctx.sql);
  const at: number[] = [];
  const x = claimer(f, a, 'builds');
  const counted = async () => {
    at.push(Date.now());
    return x.claim();
  };
  const wait = claimNextWithWait(counted, bell, { queue: 'builds', endpoint: a, waitSeconds: 60, claimsPerSecond: 5 });
  await until(async () => bell.waiting === 1, 'the wait');

  // Forty transactions each add a todo of A's queue and claim it at once, so every ring they make finds nothing.
  const started = Date.now();
  for (let i = 0; i < 40; i++) {
    await f.db.sql.begin(async (tx) => {
      await tx`select switchboard.add_todo(endpoint_id => ${a}::uuid, queue => 'builds'::text)`;
      await tx`select switchboard.claim_next(endpoint_id => ${a}::uuid, queue => 'builds'::text)`;
    });
  }
  await flushRings(f, bell);
  const elapsed = Date.now() - started;
  const rung = at.slice(1); // the first claim is the call's own, before any ring
  t.ok(rung.length >= 1, `the rings made it claim (${rung.length} times in ${elapsed} ms)`);
  for (let i = 1; i < rung.length; i++) {
    t.ok(rung[i] - rung[i - 1] >= 199, `claims caused by rings are at least 200 ms apart (${rung[i] - rung[i - 1]} ms)`);
  }
  t.ok(rung.length <= 2 + Math.ceil(elapsed / 200), `at most one claim per 200 ms of rings, not one per ring (40)`);

  // Bounded, not deaf: the next genuine ring with work behind it is claimed.
  const id = await add(f, a, 'builds');
  t.equal((await wait).id, id, 'and a todo that is there to claim is still claimed');
});
