// GET /metrics over real HTTP: counters equal the attempts table after a scripted mix of outcomes, stay put
// when retention deletes attempts, carry no user text, and sit behind the optional bearer token.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { ConfigError } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { metricsHandler } from '../../src/metrics.js';
import { loadConfig } from '../../src/config.js';
import { applyAttemptSummaryFromResult } from '../../src/worker/settings.js';
import { runPrune } from '../../src/worker/tasks.js';
import { freshDatabase, type TestDb } from '../helpers/db.js';

const TOKEN = 'scrape-token-0123456789';

async function serveMetrics(t: Tap, db: TestDb, token?: string): Promise<string> {
  const server = createServer(metricsHandler(db.sql, { token }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
}
type Tap = Test;

/** The samples of one metric family, as {labels-as-text: value}. */
function samples(text: string, name: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const m = new RegExp(`^${name}\\{([^}]*)\\} (\\S+)$`).exec(line);
    if (m) out[m[1]] = Number(m[2]);
  }
  return out;
}

async function scrape(url: string): Promise<string> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  if (res.status !== 200) throw new Error(`metrics answered ${res.status}`);
  return res.text();
}

/** What the attempts table says the counters must be. */
async function fromAttempts(db: TestDb) {
  const closed: Record<string, number> = {};
  for (const r of await db.sql`select x.queue, a.outcome, count(*)::int as n from switchboard.todo_attempts a
                                 join switchboard.todos x on x.id = a.todo_id where a.ended_at is not null group by 1, 2`) {
    closed[`queue="${r.queue}",outcome="${r.outcome}"`] = r.n;
  }
  const expired: Record<string, number> = {};
  for (const r of await db.sql`select x.queue, count(*)::int as n from switchboard.todo_attempts a
                                 join switchboard.todos x on x.id = a.todo_id where a.outcome in ('lease_expired', 'reaped') group by 1`) {
    expired[`queue="${r.queue}"`] = r.n;
  }
  return { closed, expired };
}

/** Every outcome, over two queues and two tenants, through the SQL API as a DBA would call it. */
async function scriptedMix(db: TestDb): Promise<void> {
  const q = (s: string) => db.sql.unsafe(s);
  const [{ ow }] = await db.sql`select switchboard.add_owner('alice')->>'owner_id' as ow`;
  const [{ ep }] = await db.sql`select switchboard.vend_endpoint(${ow}::uuid, 'bot')->>'endpoint_id' as ep`;
  const [{ doomed }] = await db.sql`select switchboard.vend_endpoint(${ow}::uuid, 'doomed')->>'endpoint_id' as doomed`;
  const add = async (endpoint: string, queue: string, maxAttempts = 2): Promise<string> => {
    const [r] = await db.sql`select switchboard.add_todo(endpoint_id => ${endpoint}::uuid, queue => ${queue}::text,
                               title => 'TITLE-SECRET'::text, max_attempts => ${maxAttempts}::integer)->>'id' as id`;
    return r.id;
  };
  const claim = (endpoint: string, id: string) =>
    db.sql`select switchboard.claim(endpoint_id => ${endpoint}::uuid, todo_id => ${id}::uuid, claimant => 'CLAIMANT-SECRET'::text)`;
  const lapse = (id: string) => q(`select test.lapse('${id}')`);
  const due = (id: string) => q(`update switchboard.todos set next_retry_at = now(), ready_at = now() where id = '${id}'`);

  for (const queue of ['builds', 'builds', 'docs']) {
    const id = await add(ep, queue);
    await claim(ep, id);
    await db.sql`select switchboard.complete(endpoint_id => ${ep}::uuid, todo_id => ${id}::uuid, summary => 'SUMMARY-SECRET'::text)`;
  }
  const failing = await add(ep, 'builds');
  await claim(ep, failing);
  await db.sql`select switchboard.fail(endpoint_id => ${ep}::uuid, todo_id => ${failing}::uuid, summary => 'SUMMARY-SECRET'::text)`;
  await due(failing);
  await claim(ep, failing);
  await db.sql`select switchboard.fail(endpoint_id => ${ep}::uuid, todo_id => ${failing}::uuid)`; // dead letter
  const released = await add(ep, 'docs');
  await claim(ep, released);
  await db.sql`select switchboard.release(endpoint_id => ${ep}::uuid, todo_id => ${released}::uuid)`;
  const taken = await add(ep, 'builds', 3);
  await claim(ep, taken);
  await lapse(taken);
  await claim(ep, taken); // takes over: lease_expired
  await lapse(taken);
  await db.sql`select switchboard.reap()`; // reaped, requeued
  const reapedDead = await add(ep, 'docs', 1);
  await claim(ep, reapedDead);
  await lapse(reapedDead);
  await db.sql`select switchboard.reap()`; // reaped, dead-lettered
  const canceled = await add(ep, 'builds');
  await claim(ep, canceled);
  await db.sql`select switchboard.cancel(owner_id => ${ow}::uuid, todo_id => ${canceled}::uuid)`;
  const revoked = await add(doomed, 'builds');
  await claim(doomed, revoked);
  await db.sql`select switchboard.revoke_endpoint(owner_id => ${ow}::uuid, endpoint_id => ${doomed}::uuid)`;
}

t.test('counters equal the attempts table after a mix of outcomes, and stay put when prune deletes attempts', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const url = await serveMetrics(t, db, TOKEN);
  await scriptedMix(db);

  const text = await scrape(url);
  const expected = await fromAttempts(db);
  t.same(Object.keys(expected.closed).map((k) => k.replace(/.*outcome="(\w+)"/, '$1')).sort(),
    ['canceled', 'completed', 'completed', 'failed', 'lease_expired', 'reaped', 'reaped', 'released', 'revoked'],
    'the mix closed attempts with every outcome');
  t.same(samples(text, 'switchboard_todo_attempts_closed_total'), expected.closed,
    'switchboard_todo_attempts_closed_total{queue,outcome} equals the closed attempts by queue and outcome');
  t.same(samples(text, 'switchboard_todo_leases_expired_total'), expected.expired,
    'switchboard_todo_leases_expired_total{queue}: one per attempt closed lease_expired or reaped');
  t.same(samples(text, 'switchboard_todos'), {
    'queue="builds",state="canceled"': 1, 'queue="builds",state="claimed"': 0, 'queue="builds",state="done"': 2,
    'queue="builds",state="failed"': 2, 'queue="builds",state="pending"': 1,
    'queue="docs",state="canceled"': 0, 'queue="docs",state="claimed"': 0, 'queue="docs",state="done"': 1,
    'queue="docs",state="failed"': 1, 'queue="docs",state="pending"': 1,
  }, 'switchboard_todos by queue and state');
  t.same(Object.keys(samples(text, 'switchboard_oldest_claimable_todo_age_seconds')).sort(), ['queue="builds"', 'queue="docs"'],
    'the age of the oldest claimable todo, per queue with one');
  t.notMatch(text, /SECRET/, 'no title, claimant or summary text anywhere');

  // Retention deletes the terminal todos, their attempts with them.
  await db.sql`update switchboard.todos set updated_at = now() - interval '40 days'
                where state in ('done', 'canceled') or (state = 'failed' and next_retry_at is null)`;
  const deleted = await runPrune({ sql: db.sql, log: createLogger({ level: 'silent' }), timeoutMs: 1000, pruneBatch: 2 });
  t.equal(deleted, 7, 'prune, two at a time, deleted the seven terminal todos');
  const [{ left }] = await db.sql`select count(*)::int as left from switchboard.todo_attempts`;
  t.equal(left, 3, "their attempts went with them: only the live todos' three attempts remain");

  const after = await scrape(url);
  t.same(samples(after, 'switchboard_todo_attempts_closed_total'), expected.closed, 'the closed-attempt counters did not go down');
  t.same(samples(after, 'switchboard_todo_leases_expired_total'), expected.expired, 'nor did leases expired');
});

t.test('/metrics needs the bearer token when one is configured', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const url = await serveMetrics(t, db, TOKEN);
  t.equal((await fetch(url)).status, 401, 'no token: 401');
  const wrong = await fetch(url, { headers: { authorization: 'Bearer not-the-token-at-all' } });
  t.equal(wrong.status, 401, 'a wrong token: 401');
  t.match(wrong.headers.get('www-authenticate'), /^Bearer/, 'asking for a bearer token');
  const ok = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  t.equal(ok.status, 200, 'the token: 200');
  t.match(ok.headers.get('content-type'), /^text\/plain/, 'Prometheus text');
  t.match(await ok.text(), /# TYPE switchboard_todo_attempts_closed_total counter/, 'declaring the counters');
  const open = await serveMetrics(t, db);
  t.equal((await fetch(open)).status, 200, 'without a configured token, /metrics is open');
});

t.test('SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT sets attempt_summary_from_result (as the admin); unset leaves it', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const setting = async () =>
    (await db.sql`select value from switchboard.settings where key = 'attempt_summary_from_result'`)[0].value;

  t.equal(await applyAttemptSummaryFromResult(db.url, loadConfig({ SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT: 'true' })), true, 'on');
  t.equal(await setting(), 'true', 'true switches the setting on');
  t.equal(await applyAttemptSummaryFromResult(db.url, loadConfig({})), undefined, 'unset: nothing written');
  t.equal(await setting(), 'true', 'unset leaves the setting as it was');
  t.equal(await applyAttemptSummaryFromResult(db.url, loadConfig({ SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT: 'off' })), false, 'off');
  t.equal(await setting(), 'false', 'false switches it off');
  t.throws(() => loadConfig({ SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT: 'maybe' }),
    new ConfigError('SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT', 'must be true or false'), 'anything else names the variable');
});
