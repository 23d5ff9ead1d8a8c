// Queue controls on the Board, in a real browser (Debian's Chromium via playwright-core): the Queues page shows a
// paused queue as paused with its limits, and the owner resumes it with a button; another owner's queue cannot be
// resumed by a forged form (not_found, unchanged).
import t from 'tap';
import { boardInChromium } from '../helpers/board-browser.js';
import { freshDatabase } from '../helpers/db.js';

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

  await row.getByRole('button', { name: 'Resume' }).click();
  await page.waitForURL(`${base}/board`);
  t.notMatch(await page.locator('tr[data-queue="deploy"]').textContent(), /paused/, 'resumed: no longer shown paused');
  t.match(await page.locator('tr[data-queue="deploy"]').textContent(), /at most 3 held/, 'its limits still shown');
  const rows = await db.sql`select owner_id, paused from switchboard.queue_controls where queue = 'deploy' order by paused`;
  t.same(rows.map((r) => [r.owner_id, r.paused]), [[alice, false], [bob, true]], "alice's queue resumed, bob's still paused");
});
