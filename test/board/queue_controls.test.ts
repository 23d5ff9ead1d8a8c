// Queue controls on the Board, in a real browser (Debian's Chromium via playwright-core): the Queues page shows a
// paused queue as paused with its limits; the owner pauses and resumes it with a button and sets or lifts its limits
// with a form; a team's admin does the same for the team's queues while a member who is not an admin sees no controls
// and is refused (forbidden, shown on the page) by a forged form; another owner's queue cannot be touched by a forged
// form (not_found, unchanged); a limit out of range is refused as invalid on the page.
import t from 'tap';
import { boardInChromium } from '../helpers/board-browser.js';
import { freshDatabase } from '../helpers/db.js';

const QUEUES_PAGE = /\/board(\?did=[a-z_]+)?$/;

t.test('the Queues page shows a paused queue and its limits, and resumes it', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const [{ id: alice }] = await db.sql`select switchboard.add_owner('alice')->>'owner_id' as id`;
  const [{ id: ep }] = await db.sql`select switchboard.vend_endpoint(${alice}::uuid, 'deployer')->>'endpoint_id' as id`;
  await db.sql`select switchboard.add_todo(${ep}::uuid, 'deploy')`;
  await db.sql`select switchboard.set_queue_limits(${alice}::uuid, 'deploy', max_claimed => 3, claims_per_minute => 60)`;
  await db.sql`select switchboard.pause_queue(${alice}::uuid, 'deploy')`;
  const [{ id: bob }] = await db.sql`select switchboard.add_owner('bob')->>'owner_id' as id`;
  await db.sql`select switchboard.pause_queue(${bob}::uuid, 'deploy')`;

  const { base, signIn } = await boardInChromium(t, db.sql);
  const page = await signIn('alice');
  const row = page.locator('tr[data-queue="deploy"]');
  t.match(await row.textContent(), /deploy[\s\S]*paused[\s\S]*at most 3 held, 60 claims\/min/, 'paused, with its limits');

  // A forged form naming bob's team-less queue resumes only alice's own: bob's stays paused.
  const csrf = await page.locator('input[name="csrf"]').first().getAttribute('value');
  const forged = await page.request.post(`${base}/board/queues/resume`, { form: { csrf: csrf!, queue: 'deploy', team_id: bob }, maxRedirects: 0 });
  t.equal(forged.status(), 404, 'naming another owner as a team: 404');
  t.match(await forged.text(), /Not found/, 'the refusal is shown on the Queues page');

  await row.getByRole('button', { name: 'Resume' }).click();
  await page.waitForURL(QUEUES_PAGE);
  t.match(await page.getByRole('status').textContent(), /Resumed/, 'the page says it resumed');
  t.notMatch(await page.locator('tr[data-queue="deploy"]').textContent(), /paused/, 'resumed: no longer shown paused');
  t.match(await page.locator('tr[data-queue="deploy"]').textContent(), /at most 3 held/, 'its limits still shown');
  const rows = await db.sql`select owner_id, paused from switchboard.queue_controls where queue = 'deploy' order by paused`;
  t.same(rows.map((r) => [r.owner_id, r.paused]), [[alice, false], [bob, true]], "alice's queue resumed, bob's still paused");
});

t.test('an owner pauses a queue and sets and lifts its limits from the Queues page', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const [{ id: carol }] = await db.sql`select switchboard.add_owner('carol')->>'owner_id' as id`;
  const [{ id: ep }] = await db.sql`select switchboard.vend_endpoint(${carol}::uuid, 'caller')->>'endpoint_id' as id`;
  await db.sql`select switchboard.add_todo(${ep}::uuid, 'paid-api')`;

  const { base, signIn } = await boardInChromium(t, db.sql);
  const page = await signIn('carol');
  const row = () => page.locator('tr[data-queue="paid-api"]');
  const controls = async () =>
    (await db.sql`select paused, max_claimed, claims_per_minute from switchboard.queue_controls where queue = 'paid-api'`)
      .map((r) => ({ ...r }));

  await row().getByRole('button', { name: 'Pause' }).click();
  await page.waitForURL(QUEUES_PAGE);
  t.match(await page.getByRole('status').textContent(), /Paused/, 'the page says it paused');
  t.match(await row().textContent(), /paused/, 'shown paused');
  t.same(await controls(), [{ paused: true, max_claimed: null, claims_per_minute: null }], 'paused in the database');
  const [claim] = await db.sql`select switchboard.claim_next(${ep}::uuid, 'paid-api') as doc`;
  t.same(claim.doc, { empty: true }, 'nothing is claimed from it');

  await row().locator('summary', { hasText: 'Limits' }).click();
  await row().getByLabel('At most held').fill('3');
  await row().getByLabel('Claims per minute').fill('60');
  await row().getByRole('button', { name: 'Save limits' }).click();
  await page.waitForURL(QUEUES_PAGE);
  t.match(await row().textContent(), /paused[\s\S]*at most 3 held, 60 claims\/min/, 'its limits shown, still paused');
  t.same(await controls(), [{ paused: true, max_claimed: 3, claims_per_minute: 60 }], 'limits set');

  // A limit out of range, as a hand-made form would send it: refused as invalid on the page, nothing changed.
  const csrf = await page.locator('input[name="csrf"]').first().getAttribute('value');
  for (const bad of ['0', 'many']) {
    const r = await page.request.post(`${base}/board/queues/limits`,
      { form: { csrf: csrf!, queue: 'paid-api', team_id: '', max_claimed: bad, claims_per_minute: '' }, maxRedirects: 0 });
    t.equal(r.status(), 422, `max_claimed ${bad}: 422`);
    t.match(await r.text(), /Invalid:[\s\S]*max_claimed/, 'the refusal names the field, on the Queues page');
  }
  t.same(await controls(), [{ paused: true, max_claimed: 3, claims_per_minute: 60 }], 'the refusals changed nothing');

  // Emptying the fields lifts both limits.
  await row().locator('summary', { hasText: 'Limits' }).click();
  t.equal(await row().getByLabel('At most held').inputValue(), '3', 'the form shows the limit in force');
  await row().getByLabel('At most held').fill('');
  await row().getByLabel('Claims per minute').fill('');
  await row().getByRole('button', { name: 'Save limits' }).click();
  await page.waitForURL(QUEUES_PAGE);
  t.equal(await row().locator('.limits').count(), 0, 'no limits shown');
  t.same(await controls(), [{ paused: true, max_claimed: null, claims_per_minute: null }], 'both lifted, still paused');
});

t.test("a team's admin controls the team's queue; a member who is not an admin sees no controls and is refused", async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const [{ id: ada }] = await db.sql`select switchboard.add_owner('ada')->>'owner_id' as id`;
  const [{ id: max }] = await db.sql`select switchboard.add_owner('max')->>'owner_id' as id`;
  const [{ id: team }] = await db.sql`select switchboard.add_team('ops', ${ada}::uuid)->>'id' as id`;
  await db.sql`select switchboard.add_team_member(${team}::uuid, ${max}::uuid, 'member')`;
  await db.sql`select switchboard.add_team_queue(${team}::uuid, 'deploy')`;
  const [{ id: ep }] = await db.sql`select switchboard.vend_endpoint(owner_id => ${ada}::uuid, agent_id => 'deployer',
                                                                     verbs => null, team_id => ${team}::uuid)->>'endpoint_id' as id`;
  await db.sql`select switchboard.add_todo(${ep}::uuid, 'deploy')`;

  const { base, signIn } = await boardInChromium(t, db.sql);
  const member = await signIn('max');
  const memberRow = member.locator(`tr[data-queue="deploy"][data-scope="${team}"]`);
  t.match(await memberRow.textContent(), /deploy/, "the member sees the team's queue");
  t.equal(await memberRow.locator('form[action$="/queues/pause"], form[action$="/queues/limits"]').count(), 0, 'with no controls');
  t.equal(await memberRow.locator('form[action$="/queues/cancel-all"]').count(), 1,
    'but Cancel all, as a member may cancel each of its todos');
  const csrf = await member.locator('input[name="csrf"]').first().getAttribute('value');
  for (const [path, extra] of [['pause', {}], ['limits', { max_claimed: '1', claims_per_minute: '' }]] as const) {
    const r = await member.request.post(`${base}/board/queues/${path}`,
      { form: { csrf: csrf!, queue: 'deploy', team_id: team, ...extra }, maxRedirects: 0 });
    t.equal(r.status(), 403, `a forged ${path} form from the member: 403`);
    t.match(await r.text(), /Forbidden/, 'shown on the Queues page');
  }
  t.equal((await db.sql`select count(*)::int as n from switchboard.queue_controls`)[0].n, 0, 'nothing was set');

  const admin = await signIn('ada');
  const row = () => admin.locator(`tr[data-queue="deploy"][data-scope="${team}"]`);
  await row().getByRole('button', { name: 'Pause' }).click();
  await admin.waitForURL(QUEUES_PAGE);
  await row().locator('summary', { hasText: 'Limits' }).click();
  await row().getByLabel('At most held').fill('2');
  await row().getByRole('button', { name: 'Save limits' }).click();
  await admin.waitForURL(QUEUES_PAGE);
  t.match(await row().textContent(), /paused[\s\S]*at most 2 held/, "the team's queue shown paused, with its limit");
  const rows = await db.sql`select team_id, paused, max_claimed, claims_per_minute from switchboard.queue_controls`;
  t.same(rows.map((r) => ({ ...r })), [{ team_id: team, paused: true, max_claimed: 2, claims_per_minute: null }],
    "the team's queue is paused and limited");
});

t.test("Retry all on the Queues page redrives the queue's dead letters, and a forged form reaches only the owner's own", async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const [{ id: dora }] = await db.sql`select switchboard.add_owner('dora')->>'owner_id' as id`;
  const [{ id: ep }] = await db.sql`select switchboard.vend_endpoint(${dora}::uuid, 'builder')->>'endpoint_id' as id`;
  const [{ id: eve }] = await db.sql`select switchboard.add_owner('eve')->>'owner_id' as id`;
  const [{ id: eveEp }] = await db.sql`select switchboard.vend_endpoint(${eve}::uuid, 'builder')->>'endpoint_id' as id`;
  // Dead letters: todos of one attempt, claimed and failed. Two of dora's in 'builds', one of eve's in hers.
  const dead = async (endpoint: string): Promise<string> => {
    const [{ id }] = await db.sql`select switchboard.add_todo(${endpoint}::uuid, 'builds', max_attempts => 1)->>'id' as id`;
    await db.sql`select switchboard.claim(${endpoint}::uuid, ${id}::uuid)`;
    await db.sql`select switchboard.fail(${endpoint}::uuid, ${id}::uuid, summary => 'the registry was down')`;
    return id;
  };
  const mine = [await dead(ep), await dead(ep)];
  const theirs = await dead(eveEp);
  const states = async (ids: string[]) =>
    (await db.sql`select state from switchboard.todos where id = any(${ids}::uuid[]) order by id`).map((r) => r.state);

  const { base, signIn } = await boardInChromium(t, db.sql);
  const page = await signIn('dora');
  const row = () => page.locator('tr[data-queue="builds"]');
  t.match(await row().locator('a.dead').textContent(), /^2$/, 'two dead letters shown');

  // A forged form naming eve as a team: not_found on the page, nothing retried.
  const csrf = await page.locator('input[name="csrf"]').first().getAttribute('value');
  const forged = await page.request.post(`${base}/board/queues/retry-dead-letters`,
    { form: { csrf: csrf!, queue: 'builds', team_id: eve }, maxRedirects: 0 });
  t.equal(forged.status(), 404, 'naming another owner as a team: 404');
  t.same(await states([...mine, theirs]), ['failed', 'failed', 'failed'], 'the refusal retried nothing');

  await row().getByRole('button', { name: 'Retry all' }).click();
  await page.waitForURL(QUEUES_PAGE);
  t.match(await page.getByRole('status').textContent(), /Retried the queue's dead letters/, 'the page says it retried them');
  t.match(await row().locator('td').nth(6).textContent(), /^\s*0\s*$/, 'no dead letters left in the row');
  t.equal(await row().getByRole('button', { name: 'Retry all' }).count(), 0, 'and no Retry all button');
  t.same(await states(mine), ['pending', 'pending'], "dora's dead letters are pending");
  t.same(await states([theirs]), ['failed'], "eve's queue of the same name is untouched");
  const [claim] = await db.sql`select switchboard.claim_next(${ep}::uuid, 'builds') as doc`;
  t.equal(claim.doc.prior_attempts[0].summary, 'the registry was down', 'the next claimer is told what the dead attempt tried');

  // Pressed again from a stale page (a second tab): nothing left, and the page says so.
  const again = await page.request.post(`${base}/board/queues/retry-dead-letters`,
    { form: { csrf: csrf!, queue: 'builds', team_id: '' } });
  t.match(await again.text(), /No dead letters were left to retry/, 'a second press finds none and says so');

  // More than one press retries (1000): the page says more remain, and the next press takes the rest.
  await db.sql.unsafe(`do $$ declare v uuid; begin
    for i in 1 .. 1001 loop
      v := (switchboard.add_todo(endpoint_id => '${ep}', queue => 'flood', max_attempts => 1)->>'id')::uuid;
      perform switchboard.claim('${ep}', v);
      perform switchboard.fail('${ep}', v);
    end loop; end $$`);
  await page.reload();
  const flood = () => page.locator('tr[data-queue="flood"]');
  await flood().getByRole('button', { name: 'Retry all' }).click();
  await page.waitForURL(QUEUES_PAGE);
  t.match(await page.getByRole('status').textContent(), /Retried as many dead letters as one press may[\s\S]*more remain/, 'one press: 1000, and more remain');
  t.match(await flood().locator('a.dead').textContent(), /^1$/, 'one dead letter left');
  await flood().getByRole('button', { name: 'Retry all' }).click();
  await page.waitForURL(QUEUES_PAGE);
  t.match(await page.getByRole('status').textContent(), /Retried the queue's dead letters/, 'the next press retries the last');
  const [left] = await db.sql`select count(*)::int as n from switchboard.todos where queue = 'flood' and state = 'failed'`;
  t.equal(left.n, 0, 'none left failed');
});

t.test('Cancel all on the Queues page purges the queue behind a second press; the holder of a claimed todo is told conflict', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const [{ id: fay }] = await db.sql`select switchboard.add_owner('fay')->>'owner_id' as id`;
  const [{ id: ep }] = await db.sql`select switchboard.vend_endpoint(${fay}::uuid, 'requester')->>'endpoint_id' as id`;
  const [{ id: gus }] = await db.sql`select switchboard.add_owner('gus')->>'owner_id' as id`;
  const [{ id: gusEp }] = await db.sql`select switchboard.vend_endpoint(${gus}::uuid, 'requester')->>'endpoint_id' as id`;
  const add = async (endpoint: string) =>
    (await db.sql`select switchboard.add_todo(${endpoint}::uuid, 'junk')->>'id' as id`)[0].id as string;
  const mine = [await add(ep), await add(ep), await add(ep), await add(ep)];
  await db.sql`select switchboard.claim(${ep}::uuid, ${mine[0]}::uuid)`;
  await db.sql`select switchboard.claim(${ep}::uuid, ${mine[3]}::uuid)`;
  await db.sql`select switchboard.fail(${ep}::uuid, ${mine[3]}::uuid)`;
  const theirs = await add(gusEp);
  const states = async (ids: string[]) =>
    (await db.sql`select state from switchboard.todos where id = any(${ids}::uuid[]) order by id`).map((r) => r.state);

  const { base, signIn } = await boardInChromium(t, db.sql);
  const page = await signIn('fay');
  const row = () => page.locator('tr[data-queue="junk"]');
  // Two pending, one held, one failed (a retry waiting): four unfinished.
  const confirm = row().getByRole('button', { name: 'Cancel 4 unfinished todos' });
  t.notOk(await confirm.isVisible(), 'the purge is behind a second press');

  const csrf = await page.locator('input[name="csrf"]').first().getAttribute('value');
  const forged = await page.request.post(`${base}/board/queues/cancel-all`,
    { form: { csrf: csrf!, queue: 'junk', team_id: gus }, maxRedirects: 0 });
  t.equal(forged.status(), 404, 'a forged form naming another owner as a team: 404');
  t.same(await states([theirs]), ['pending'], "gus's todo is untouched");

  await row().locator('summary', { hasText: 'Cancel all' }).click();
  await confirm.click();
  await page.waitForURL(QUEUES_PAGE);
  t.match(await page.getByRole('status').textContent(), /Canceled the queue's unfinished todos/, 'the page says so');
  t.same(await states(mine), ['canceled', 'canceled', 'canceled', 'canceled'], "all four of fay's, the held and failed ones included");
  t.same(await states([theirs]), ['pending'], "gus's queue of the same name is untouched");
  t.equal(await row().locator('summary', { hasText: 'Cancel all' }).count(), 0, 'nothing left to cancel: no Cancel all');
  const refused = await db.sql`select switchboard.complete(${ep}::uuid, ${mine[0]}::uuid)`.catch((e: { code: string }) => e.code);
  t.equal(refused, 'SB409', "the held todo's holder is told conflict when it reports");

  // From a stale page (a second tab) nothing is left, and the page says so; over the setting, it says more remain.
  const again = await page.request.post(`${base}/board/queues/cancel-all`, { form: { csrf: csrf!, queue: 'junk', team_id: '' } });
  t.match(await again.text(), /No unfinished todos were left to cancel/, 'a second press finds none and says so');
  for (let i = 0; i < 3; i++) await add(ep);
  await db.sql`insert into switchboard.settings (key, value) values ('cancel_queue_max', '2')`;
  await page.reload();
  await row().locator('summary', { hasText: 'Cancel all' }).click();
  await row().getByRole('button', { name: 'Cancel 3 unfinished todos' }).click();
  await page.waitForURL(QUEUES_PAGE);
  t.match(await page.getByRole('status').textContent(), /as many todos as one press may[\s\S]*more remain/, 'two canceled: more remain');
  await row().locator('summary', { hasText: 'Cancel all' }).click();
  t.equal(await row().getByRole('button', { name: 'Cancel 1 unfinished todo', exact: true }).count(), 1, 'one left to cancel');
});
