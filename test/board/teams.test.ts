// The Board's Teams page in a real browser (Debian's Chromium via playwright-core): an admin adds a member and a team
// queue and vends a team endpoint (its credential shown once, on that answer only); a member sees the team without
// the admin's forms, is refused them when it forges one, and leaves; an owner outside the team gets, for a forged
// form, exactly what an unknown team gets.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { boardInChromium } from '../helpers/board-browser.js';
import { freshDatabase, type TestDb } from '../helpers/db.js';

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

async function board(t: Tap, db: TestDb): Promise<{ base: string; signIn: (handle: string) => Promise<Page> }> {
  const { base, signIn } = await boardInChromium(t, db.sql);
  return { base, signIn };
}

type Tap = Test;

t.test('an admin manages its team on the Teams page; a member only reads and leaves; an outsider sees nothing', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true });
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const id: Record<string, string> = {};
  for (const h of ['ana', 'ben', 'cy', 'dan']) [{ id: id[h] }] = await db.sql`select switchboard.add_owner(${h})->>'owner_id' as id`;
  const [{ team }] = await db.sql`select switchboard.add_team('core', ${id.ana}::uuid)->>'id' as team`;
  await db.sql`select switchboard.add_team_member(${team}::uuid, ${id.ben}::uuid)`;
  const { base, signIn } = await board(t, db);

  const ana = await signIn('ana');
  await ana.getByRole('link', { name: 'Teams' }).click();
  await ana.waitForURL(`${base}/board/teams`);
  const section = ana.locator(`section[data-team="${team}"]`);
  t.match(await section.locator('h2').textContent(), /core\s+you are an admin/, 'the team, and ana is its admin');
  t.match(await section.locator('p.stored').textContent(), /Todos stored: 0 of 1,000,000/,
    'what the team\'s scope stores, against the quota');

  await section.getByLabel('Handle to add to core').fill('DAN');
  await section.getByRole('button', { name: 'Add member' }).click();
  await ana.waitForURL(`${base}/board/teams?did=member`);
  t.match(await ana.locator('tr[data-member="dan"]').textContent(), /dan\s+member/, 'dan is a member');

  await ana.getByLabel('Team queue for core').fill('builds');
  await ana.getByRole('button', { name: 'Add team queue' }).click();
  await ana.waitForURL(`${base}/board/teams?did=queue`);
  t.match(await ana.locator('ul.team-queues').textContent(), /builds/, 'builds is a team queue');

  await ana.getByLabel('Agent id for core').fill('worker-1');
  for (const v of ['claim_next', 'heartbeat', 'complete']) await ana.locator(`input[name="verbs"][value="${v}"]`).check();
  await ana.getByRole('button', { name: 'Vend endpoint' }).click();
  await ana.waitForURL(`${base}/board/teams/${team}/endpoints`);
  const credential = (await ana.locator('pre.credential-value').textContent())?.trim() ?? '';
  t.match(credential, /^sbk_[0-9a-f]{64}$/, 'the credential is shown');
  const [auth] = await db.sql`select switchboard.authenticate(${credential}) as doc`;
  t.same(auth.doc.verbs, ['claim_next', 'heartbeat', 'complete'], 'it authenticates, with the verbs ticked');
  const [{ team_id }] = await db.sql`select team_id from switchboard.endpoints where id = ${auth.doc.endpoint_id}::uuid`;
  t.equal(team_id, team, 'in the team');
  await ana.screenshot({ path: `${ARTIFACTS}board-teams-vended.png`, fullPage: true });
  await ana.goto(`${base}/board/teams`);
  t.notOk((await ana.content()).includes(credential), 'and never again');
  t.match(await ana.locator('table.team-endpoints').textContent(), /worker-1\s*clocked in/, 'the team endpoint, with its presence');
  await ana.locator(`tr[data-endpoint="${auth.doc.endpoint_id}"]`).getByRole('button', { name: 'Clock out' }).click();
  await ana.waitForURL(`${base}/board/teams?did=out`);
  t.match(await ana.locator('table.team-endpoints').textContent(), /worker-1\s*clocked out/, 'ana clocks it out from the Teams page');

  const ben = await signIn('ben');
  await ben.goto(`${base}/board/teams`);
  t.match(await ben.locator('h2').first().textContent(), /core\s+you are a member/, 'ben sees the team as a member');
  t.equal(await ben.locator('form.team-form').count(), 0, 'without the admin forms');
  t.equal(await ben.getByRole('button', { name: 'Remove' }).count(), 0, 'nor a Remove button');
  const benCsrf = (await ben.locator('input[name="csrf"]').first().getAttribute('value'))!;
  const forged = await ben.request.post(`${base}/board/teams/${team}/endpoints`, { form: { csrf: benCsrf, agent_id: 'sneaky' } });
  t.equal(forged.status(), 403, 'a forged vend from a member: 403');
  t.equal(await ben.getByRole('button', { name: /Clock (in|out)/ }).count(), 0, 'nor a clock button for an endpoint he did not vend');
  const forgedClock = await ben.request.post(`${base}/board/teams/${team}/endpoints/${auth.doc.endpoint_id}/presence`,
    { form: { csrf: benCsrf, clocked_in: 'true' } });
  t.equal(forgedClock.status(), 404, 'a forged clock-in from a member: 404, as for an endpoint he cannot see');
  const [{ clocked_in }] = await db.sql`select clocked_in from switchboard.endpoints where id = ${auth.doc.endpoint_id}::uuid`;
  t.equal(clocked_in, false, 'still clocked out');
  const forgedAdd = await ben.request.post(`${base}/board/teams/${team}/members`, { form: { csrf: benCsrf, handle: 'cy' } });
  t.equal(forgedAdd.status(), 403, 'a forged add from a member: 403');

  const cy = await signIn('cy');
  await cy.goto(`${base}/board/teams`);
  t.match(await cy.locator('main').textContent(), /You are in no team/, 'cy is in no team and sees none');
  const cyCsrf = (await cy.locator('input[name="csrf"]').first().getAttribute('value'))!;
  const never = '00000000-0000-4000-8000-000000000000';
  const foreign = await cy.request.post(`${base}/board/teams/${team}/queues`, { form: { csrf: cyCsrf, queue: 'mine' } });
  const unknown = await cy.request.post(`${base}/board/teams/${never}/queues`, { form: { csrf: cyCsrf, queue: 'mine' } });
  t.equal(foreign.status(), 404, "a forged form naming ana's team: 404");
  t.equal((await foreign.text()).replaceAll(team, '<id>'), (await unknown.text()).replaceAll(never, '<id>'),
    'the same page as for a team that does not exist');
  const [{ n }] = await db.sql`select count(*)::int as n from switchboard.endpoints where agent_id = 'sneaky'`;
  const [{ q }] = await db.sql`select count(*)::int as q from switchboard.team_queues where queue = 'mine'`;
  t.same([n, q], [0, 0], 'nothing forged was done');

  await ben.goto(`${base}/board/teams`);
  await ben.locator('tr[data-member="ben"]').getByRole('button', { name: 'Leave team' }).click();
  await ben.waitForURL(`${base}/board/teams?did=left`);
  t.match(await ben.locator('main').textContent(), /You left the team[\s\S]*You are in no team/, 'ben left');

  await ana.goto(`${base}/board/teams`);
  await ana.locator('tr[data-member="dan"]').getByRole('button', { name: 'Remove' }).click();
  await ana.waitForURL(`${base}/board/teams?did=removed`);
  t.same(await ana.locator('tr[data-member]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-member'))), ['ana'],
    'dan removed: ana is the only member');
  await ana.locator('tr[data-member="ana"]').getByRole('button', { name: 'Leave team' }).click();
  t.equal(await ana.locator('.banner.error').count(), 1, 'the last admin cannot leave: the refusal is on the page');
  t.match(await ana.locator('.banner.error').textContent(), /Conflict/);
});
