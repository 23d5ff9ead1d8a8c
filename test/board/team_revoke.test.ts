// The removed admin on the Board (Debian's Chromium via playwright-core): removing an admin revokes the team endpoints
// it vended, at once; the removed admin can no longer clock or revoke them; a remaining admin revokes a team endpoint
// with the Revoke button; a member gets no button and a forged revoke answers as for an endpoint it cannot see.
import t from 'tap';
import { boardInChromium } from '../helpers/board-browser.js';
import { freshDatabase } from '../helpers/db.js';

t.test('removing an admin revokes its team endpoints; the remaining admin revokes from the Teams page', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const id: Record<string, string> = {};
  for (const h of ['ana', 'eve', 'ben']) [{ id: id[h] }] = await db.sql`select switchboard.add_owner(${h})->>'owner_id' as id`;
  const [{ team }] = await db.sql`select switchboard.add_team('core', ${id.ana}::uuid)->>'id' as team`;
  await db.sql`select switchboard.add_team_member(${team}::uuid, ${id.eve}::uuid, 'admin')`;
  await db.sql`select switchboard.add_team_member(${team}::uuid, ${id.ben}::uuid)`;
  const vend = async (owner: string, agent: string) =>
    (await db.sql`select switchboard.vend_endpoint(owner_id => ${owner}::uuid, agent_id => ${agent}, verbs => null,
                                                   team_id => ${team}::uuid) as doc`)[0].doc as { endpoint_id: string; credential: string };
  const eves = await vend(id.eve, 'eve-worker');
  const anas = await vend(id.ana, 'ana-worker');
  const revoked = async (e: string) => (await db.sql`select revoked_at is not null as r from switchboard.endpoints where id = ${e}::uuid`)[0].r;
  const { base, signIn } = await boardInChromium(t, db.sql);

  const eve = await signIn('eve');
  await eve.goto(`${base}/board/teams`);
  const eveCsrf = (await eve.locator('input[name="csrf"]').first().getAttribute('value'))!;

  const ana = await signIn('ana');
  await ana.goto(`${base}/board/teams`);
  await ana.locator('tr[data-member="eve"]').getByRole('button', { name: 'Remove' }).click();
  await ana.waitForURL(`${base}/board/teams?did=removed`);
  t.equal(await revoked(eves.endpoint_id), true, "removing eve revoked the team endpoint she vended");
  t.match(await ana.locator(`tr[data-endpoint="${eves.endpoint_id}"]`).textContent(), /revoked/, 'the Teams page shows it revoked');
  const [auth] = await db.sql`select switchboard.authenticate(${eves.credential}) as doc`.catch((e: { code?: string }) => [{ doc: e.code }]);
  t.equal(auth.doc, 'SB403', 'its credential is refused');

  for (const [act, form] of [['presence', { csrf: eveCsrf, clocked_in: 'false' }], ['revoke', { csrf: eveCsrf }]] as const) {
    const r = await eve.request.post(`${base}/board/teams/${team}/endpoints/${anas.endpoint_id}/${act}`, { form });
    t.equal(r.status(), 404, `the removed admin's forged ${act} of a team endpoint: 404`);
  }
  t.equal(await revoked(anas.endpoint_id), false, 'and nothing changed');

  const ben = await signIn('ben');
  await ben.goto(`${base}/board/teams`);
  t.equal(await ben.getByRole('button', { name: /^Revoke/ }).count(), 0, 'a member has no Revoke button');
  const benCsrf = (await ben.locator('input[name="csrf"]').first().getAttribute('value'))!;
  const forged = await ben.request.post(`${base}/board/teams/${team}/endpoints/${anas.endpoint_id}/revoke`, { form: { csrf: benCsrf } });
  t.equal(forged.status(), 404, 'a forged revoke from a member: 404, as for an endpoint he cannot manage');
  const noCsrf = await ana.request.post(`${base}/board/teams/${team}/endpoints/${anas.endpoint_id}/revoke`, { form: {} });
  t.equal(noCsrf.status(), 403, 'the admin without the CSRF token: 403');
  t.equal(await revoked(anas.endpoint_id), false, 'still live');

  await ana.goto(`${base}/board/teams`);
  await ana.locator(`tr[data-endpoint="${anas.endpoint_id}"]`).getByRole('button', { name: 'Revoke ana-worker' }).click();
  await ana.waitForURL(`${base}/board/teams?did=revoked`);
  t.equal(await revoked(anas.endpoint_id), true, 'the admin revokes it from the Teams page');
  t.match(await ana.locator('.banner.ok').textContent(), /Endpoint revoked/, 'and is told so');
});
