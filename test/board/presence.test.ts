// Presence on the Board, in a real browser (Debian's Chromium via playwright-core): the Endpoints page shows each of
// the owner's endpoints clocked in or out and since when, and the owner clocks one out and back in with a button.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { boardInChromium } from '../helpers/board-browser.js';
import { freshDatabase } from '../helpers/db.js';

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

t.test('the Endpoints page shows presence and since when, and clocks an endpoint out and back in', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true });
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const [{ id: alice }] = await db.sql`select switchboard.add_owner('alice')->>'owner_id' as id`;
  const [{ id: ep }] = await db.sql`select switchboard.vend_endpoint(${alice}::uuid, 'buildbot')->>'endpoint_id' as id`;
  const [{ id: bob }] = await db.sql`select switchboard.add_owner('bob')->>'owner_id' as id`;
  await db.sql`select switchboard.vend_endpoint(${bob}::uuid, 'bobs-bot')`;
  await db.sql`update switchboard.endpoints set presence_since = '2026-11-29T14:21:07Z' where id = ${ep}::uuid`;
  await db.sql`select switchboard.add_todo(${ep}::uuid, 'builds'), switchboard.add_todo(${ep}::uuid, 'builds')`;

  const { base, signIn } = await boardInChromium(t, db.sql);
  const page = await signIn('alice');

  await page.getByRole('link', { name: 'Endpoints' }).click();
  await page.waitForURL(`${base}/board/endpoints`);
  const row = page.locator(`tr[data-endpoint="${ep}"]`);
  t.match(await row.textContent(), /buildbot[\s\S]*clocked in\s+since\s+2026-11-29 14:21:07 UTC/, 'clocked in, since when');
  t.equal(await page.locator('tr[data-endpoint]').count(), 1, "only alice's endpoints are listed");
  t.equal((await row.locator('td.stored').textContent())?.trim(), '2 of 1,000,000',
    'the todos its scope stores, against the quota');

  await row.getByRole('button', { name: 'Clock out' }).click();
  await page.waitForURL(`${base}/board/endpoints?did=out`);
  t.match(await page.locator('.banner.ok').textContent(), /Clocked out/, 'the page says what was done');
  const [{ clocked_in, moved }] = await db.sql`select clocked_in, presence_since <> '2026-11-29T14:21:07Z' as moved
                                                 from switchboard.endpoints where id = ${ep}::uuid`;
  t.equal(clocked_in, false, 'the endpoint is clocked out');
  t.match(await page.locator(`tr[data-endpoint="${ep}"]`).textContent(), /clocked out\s+since/, 'and the page shows it');
  t.ok(moved, 'since the click, not the time it had before');
  await page.screenshot({ path: `${ARTIFACTS}board-endpoints.png`, fullPage: true });

  await page.locator(`tr[data-endpoint="${ep}"]`).getByRole('button', { name: 'Clock in' }).click();
  await page.waitForURL(`${base}/board/endpoints?did=in`);
  t.match(await page.locator(`tr[data-endpoint="${ep}"]`).textContent(), /clocked in\s+since/, 'and back in');

  await db.sql`insert into switchboard.settings (key, value) values ('todos_max_per_scope', '2')`;
  await page.reload();
  t.match(await page.locator(`tr[data-endpoint="${ep}"] td.stored`).textContent(), /full: adds refused\s+2 of 2/,
    'at its quota, the page says adds are refused');

  // A forged form naming bob's endpoint answers as an unknown endpoint does.
  const csrf = await page.locator('input[name="csrf"]').first().getAttribute('value');
  const [{ id: bobs }] = await db.sql`select id from switchboard.endpoints where owner_id = ${bob}::uuid`;
  const res = await page.request.post(`${base}/board/endpoints/${bobs}/presence`, { form: { csrf: csrf!, clocked_in: 'false' } });
  t.equal(res.status(), 404, "another owner's endpoint: 404");
  const [{ bobIn }] = await db.sql`select clocked_in as "bobIn" from switchboard.endpoints where id = ${bobs}::uuid`;
  t.equal(bobIn, true, 'and it is unchanged');
});
