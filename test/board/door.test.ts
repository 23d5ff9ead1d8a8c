// The Board behind the front door: a cookie or sign-in token the database refuses is answered after the refusal
// delay; cookies never seen valid are checked in the lane for unknown credentials (past it, a 429 page naming the
// setting); and a signed-in owner's requests are paced like an agent's.
import t from 'tap';
import { mountBoard } from '../../src/board/mount.js';
import { createLoginUrl } from '../../src/board/router.js';
import { recordHolds, serve } from '../http/helpers.js';
import { fixture, holdEndpoints, type Fixture } from '../mcp/helpers.js';
import type { RunningServer } from '../../src/server.js';

async function signIn(f: Fixture, server: RunningServer): Promise<string> {
  await f.owner('alice');
  const link = new URL(await createLoginUrl(f.ctx.sql, 'alice', server.url)).searchParams;
  const res = await fetch(`${server.url}/board/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: link.get('token')!, as: link.get('as')! }).toString(),
  });
  const cookie = res.headers.get('set-cookie')!;
  return cookie.split(';')[0];
}

const random = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex');

t.test('a refused session cookie, and a refused sign-in token, are answered after the refusal delay', async (t) => {
  const f = await fixture(t);
  const server = await serve(t, f, { SWITCHBOARD_HTTP_REFUSAL_DELAY_MS: '400' }, { mount: [mountBoard] });
  // The holds the door asks for, recorded (the clock of a shared machine proves nothing), then kept as asked.
  const holds = recordHolds(server);
  const page = await fetch(`${server.url}/board`, { headers: { cookie: `sb_board_session=${random()}` } });
  t.equal(page.status, 401, 'a random cookie: the sign-in page, 401');
  t.match(await page.text(), /Sign in/);
  t.same(holds, [400], 'held for SWITCHBOARD_HTTP_REFUSAL_DELAY_MS first');

  const login = await fetch(`${server.url}/board/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: random(), as: 'mallory' }).toString(),
  });
  t.equal(login.status, 403, 'a random sign-in token: 403');
  t.same(holds, [400, 400], 'held for the delay too');

  const none = await fetch(`${server.url}/board`);
  t.equal(none.status, 401, 'no cookie at all: the sign-in page');
  t.same(holds, [400, 400], 'at once, no hold asked for: there was nothing to check');
});

t.test('cookies never seen valid wait in the lane; past it, a 429 page naming the setting; a signed-in owner goes on', async (t) => {
  const f = await fixture(t);
  const server = await serve(
    t,
    f,
    { SWITCHBOARD_HTTP_AUTH_CHECKS: '1', SWITCHBOARD_HTTP_AUTH_QUEUE: '0', SWITCHBOARD_HTTP_QUEUE_WAIT_MS: '300', SWITCHBOARD_HTTP_REFUSAL_DELAY_MS: '0' },
    { mount: [mountBoard] },
  );
  const mine = await signIn(f, server);
  t.equal((await fetch(`${server.url}/board`, { headers: { cookie: mine } })).status, 200, 'signed in');
  // Hold the sessions' table: a check of a random cookie waits on it, taking the lane's only slot.
  const lock = await holdEndpoints(t, f, 'switchboard.owner_sessions');
  const stuck = fetch(`${server.url}/board`, { headers: { cookie: `sb_board_session=${random()}` } });
  for (let i = 0; i < 100 && (await lock.waiting()) < 1; i++) await new Promise((r) => setTimeout(r, 20));
  const refused = await fetch(`${server.url}/board`, { headers: { cookie: `sb_board_session=${random()}` } });
  t.equal(refused.status, 429, 'a second random cookie finds no room in the lane: 429');
  t.match(await refused.text(), /SWITCHBOARD_HTTP_AUTH_CHECKS 1/);
  t.ok(refused.headers.get('retry-after'));
  const ownerPage = fetch(`${server.url}/board`, { headers: { cookie: mine } });
  for (let i = 0; i < 100 && (await lock.waiting()) < 2; i++) await new Promise((r) => setTimeout(r, 20));
  t.equal(await lock.waiting(), 2, "the signed-in owner's check does not wait in the lane: it reaches the database beside it");
  await lock.release();
  t.equal((await ownerPage).status, 200, "and the owner's page is answered");
  t.equal((await stuck).status, 401);
});

t.test("a signed-in owner's requests are paced: past the rate and the queue, a 429 page naming the setting", async (t) => {
  const f = await fixture(t);
  const server = await serve(
    t,
    f,
    { SWITCHBOARD_HTTP_REQUESTS_PER_SECOND: '1', SWITCHBOARD_HTTP_REQUEST_BURST: '3', SWITCHBOARD_HTTP_QUEUE_PER_CREDENTIAL: '0', SWITCHBOARD_HTTP_QUEUE_WAIT_MS: '100' },
    { mount: [mountBoard] },
  );
  const mine = await signIn(f, server);
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await fetch(`${server.url}/board`, { headers: { cookie: mine } })).status);
  t.same(statuses, [200, 200, 200, 429], 'three pages in the window, the fourth refused');
  const last = await fetch(`${server.url}/board`, { headers: { cookie: mine } });
  t.match(await last.text(), /SWITCHBOARD_HTTP_REQUESTS_PER_SECOND 1/);
});
