// Admission control (ADR-0035) through a real MCP SDK client: a claim over the endpoint's budget is a tool
// error `throttled` with retry_after_seconds, claim_next with wait_seconds waits for the next unit, and
// /metrics counts claims admitted and throttled.
import t from 'tap';
import { createAdminLedger } from '../../src/ledger.js';
import { buildMetricsRegistry } from '../../src/metrics.js';
import { call, fixture } from './helpers.js';

async function counters(sql: Parameters<typeof buildMetricsRegistry>[0]) {
  const text = await (await buildMetricsRegistry(sql)).metrics();
  const value = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { admitted: value('switchboard_claims_admitted_total'), throttled: value('switchboard_claims_throttled_total') };
}

t.test('a claim over budget answers the tool error throttled with retry_after_seconds, and opens nothing', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'builder');
  const c = await f.memoryClient(ep);
  const admin = createAdminLedger(f.db.sql);
  const a = (await call(c, 'add_todo', { queue: 'q' })).doc;
  const b = (await call(c, 'add_todo', { queue: 'q' })).doc;
  t.same(await counters(f.db.sql), { admitted: 0, throttled: 0 }, 'the counters start at 0');

  const set = await admin.setEndpointAdmission({ endpoint_id: ep.endpoint_id, claims_per_minute: 1 });
  t.match(set, { claims_per_minute: 1, burst: 1, units_available: 1 }, 'the operator sets 1 a minute; it starts full');

  const first = await call(c, 'claim', { todo_id: a.id });
  t.equal(first.isError, false, 'the first claim is admitted');

  const refused = await call(c, 'claim_next', { queue: 'q' });
  t.equal(refused.isError, true, 'the next claim is a tool error');
  t.equal(refused.doc.error, 'throttled', 'of kind throttled');
  t.match(refused.doc.message, /^throttled: .*the next unit is available in \d+ s/, 'saying when the next unit is available');
  t.ok(Number.isInteger(refused.doc.retry_after_seconds) && refused.doc.retry_after_seconds >= 1 &&
    refused.doc.retry_after_seconds <= 60, `retry_after_seconds in the error document (${refused.doc.retry_after_seconds})`);
  t.match((refused.result.content as { text: string }[])[0].text, /Recovery: Wait \d+ seconds/, 'the hint tells the agent to wait');

  const byId = await call(c, 'claim', { todo_id: b.id });
  t.equal(byId.doc.error, 'throttled', 'claim by id is throttled too');
  const [{ n, state }] = await f.db.sql`
    select (select count(*)::int from switchboard.todo_attempts where todo_id = ${b.id}::uuid) as n,
           (select state from switchboard.todos where id = ${b.id}::uuid) as state`;
  t.same({ n, state }, { n: 0, state: 'pending' }, 'no attempt opened, the todo still pending');
  t.same(await counters(f.db.sql), { admitted: 1, throttled: 2 }, '/metrics: 1 admitted, 2 throttled');

  await admin.setEndpointAdmission({ endpoint_id: ep.endpoint_id, claims_per_minute: null });
  t.equal((await call(c, 'claim', { todo_id: b.id })).isError, false, 'lifted: admitted at once, no restart');
});

t.test('claim_next with wait_seconds waits for the next unit instead of failing, within its wait', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'builder');
  const c = await f.memoryClient(ep);
  const admin = createAdminLedger(f.db.sql);
  for (let i = 0; i < 3; i++) await call(c, 'add_todo', { queue: 'q' });

  // 60 a minute with a bucket of 1: the next unit is at most a second away.
  await admin.setEndpointAdmission({ endpoint_id: ep.endpoint_id, claims_per_minute: 60, burst: 1 });
  t.equal((await call(c, 'claim_next', { queue: 'q' })).isError, false, 'the one unit is spent');
  const waited = await call(c, 'claim_next', { queue: 'q', wait_seconds: 10 });
  t.equal(waited.isError, false, 'a waiting claim_next is admitted once the unit comes');
  t.equal(waited.doc.state, 'claimed', 'and returns the claimed todo');
  t.ok((await counters(f.db.sql)).throttled >= 1, 'it was refused first (counted throttled), then waited');

  // 1 a minute: the next unit is further away than the wait, so throttled is the answer. The switch refills the
  // bucket at the old rate for the time since the last claim: on a slow machine (a second or more between the two
  // statements) that is a whole unit, spent here first so the bucket is empty whatever the machine's speed.
  const set = await admin.setEndpointAdmission({ endpoint_id: ep.endpoint_id, claims_per_minute: 1, burst: 1 });
  if ((set as { units_available: number }).units_available >= 1) {
    await call(c, 'add_todo', { queue: 'q' });
    t.equal((await call(c, 'claim_next', { queue: 'q' })).isError, false, 'the refilled unit is spent');
  }
  const [{ units }] = await f.db.sql`select units from switchboard.endpoint_admission`;
  t.ok(units < 1, 'the bucket holds less than a unit');
  const short = await call(c, 'claim_next', { queue: 'q', wait_seconds: 1 });
  t.equal(short.doc.error, 'throttled', 'a unit beyond the wait: throttled');
  t.ok(short.doc.retry_after_seconds > 1, 'with retry_after_seconds past the wait');
  const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.todos where state = 'pending'`;
  t.equal(n, 1, 'the third todo is still pending');
});
