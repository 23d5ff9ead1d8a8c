// The Board in a real browser (Debian's Chromium via playwright-core): sign-in, the dead-letter drawer with its
// attempts and timeline, the owner's actions, isolation between owners, escaping, CSRF and sign-out.
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import t from 'tap';
import { createBoardRouter, createLoginUrl } from '../../src/board/router.js';
import { freshDatabase, type TestDb } from '../helpers/db.js';

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));
const XSS = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';

let db: TestDb;
let server: Server;
let browser: Browser;
let base: string;
const ids: Record<string, string> = {};

async function q<T = Record<string, unknown>>(text: string, ...args: unknown[]): Promise<T> {
  const rows = await db.sql.unsafe(text, args as never[]);
  return rows[0] as T;
}

/** A todo driven through the agent path: a failed, a reaped and a released attempt, then a dead letter. */
async function arrange() {
  const alice = await q<{ id: string }>(`select (switchboard.add_owner('alice')->>'owner_id') as id`);
  const ep = await q<{ id: string }>(`select (switchboard.vend_endpoint($1, 'buildbot')->>'endpoint_id') as id`, alice.id);
  const bob = await q<{ id: string }>(`select (switchboard.add_owner('bob')->>'owner_id') as id`);
  await q(`select switchboard.vend_endpoint($1, 'bobs-bot')`, bob.id);
  ids.alice = alice.id;
  ids.ep = ep.id;
  const add = async (title: string, max: number) =>
    (await q<{ id: string }>(`select (switchboard.add_todo(endpoint_id => $1, queue => 'builds', title => $2, max_attempts => $3,
                                payload => '{"repo": "switchboard", "arch": "arm64"}')->>'id') as id`, ep.id, title, max)).id;

  const dl = (ids.dead = await add('Fix the arm64 build', 3));
  await q(`select switchboard.claim(endpoint_id => $1, todo_id => $2, claimant => 'run-1')`, ep.id, dl);
  await q(`select switchboard.heartbeat(endpoint_id => $1, todo_id => $2)`, ep.id, dl);
  await q(`select switchboard.fail(endpoint_id => $1, todo_id => $2, summary => 'tests red on arm64: test_atomic_swap')`, ep.id, dl);
  await q(`update switchboard.todos set next_retry_at = now(), ready_at = now() where id = $1`, dl);
  await q(`select switchboard.claim(endpoint_id => $1, todo_id => $2, claimant => 'run-2')`, ep.id, dl);
  await q(`select switchboard.heartbeat(endpoint_id => $1, todo_id => $2)`, ep.id, dl);
  await q(`update switchboard.todos set lease_expires_at = now() where id = $1`, dl);
  await q(`select switchboard.reap()`);
  await q(`select switchboard.claim(endpoint_id => $1, todo_id => $2, claimant => 'run-3')`, ep.id, dl);
  await q(`select switchboard.release(endpoint_id => $1, todo_id => $2, summary => 'usage limit reached, handing back')`, ep.id, dl);
  await q(`select switchboard.claim(endpoint_id => $1, todo_id => $2, claimant => 'run-4')`, ep.id, dl);
  await q(`select switchboard.heartbeat(endpoint_id => $1, todo_id => $2)`, ep.id, dl);
  await q(`select switchboard.fail(endpoint_id => $1, todo_id => $2, summary => 'same failure after a clean rebuild',
                                   artifact => 'https://ci.example/runs/4')`, ep.id, dl);
  // Spread the history over the last 70 minutes, as it would have happened, so the timeline has a shape.
  await q(`select test.set_attempt($1, m.seq, jsonb_build_object(
             'claimed_at', now() - make_interval(mins => m.c),
             'last_heartbeat_at', case when m.seq <> 3 then now() - make_interval(mins => m.h) end,
             'ended_at', now() - make_interval(mins => m.e), 'lease_expires_at', now() - make_interval(mins => m.e)))
           from (values (1, 70, 67, 64), (2, 55, 52, 44), (3, 40, 38, 36), (4, 30, 24, 20)) m(seq, c, h, e)`, dl);

  ids.held = await add('Rotate the signing key', 5);
  await q(`select switchboard.claim(endpoint_id => $1, todo_id => $2, claimant => 'run-9', lease_seconds => 3600)`, ep.id, ids.held);

  ids.xss = await add('Summarise the logs', 5);
  await q(`select switchboard.claim(endpoint_id => $1, todo_id => $2, claimant => $3)`, ep.id, ids.xss, '<b>run-x</b>');
  await q(`select switchboard.fail(endpoint_id => $1, todo_id => $2, summary => $3)`, ep.id, ids.xss, XSS);
}

async function signIn(handle: string): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(await createLoginUrl(db.sql, handle, base));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/board`);
  return { ctx, page };
}

function hhmm(d: Date): string {
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

t.before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  db = await freshDatabase();
  await arrange();
  const app = express();
  app.use(createBoardRouter({ sql: db.sql }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
});

t.teardown(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  await db?.drop();
});

let alice: { ctx: BrowserContext; page: Page };

t.test('an owner signs in with a one-time link and gets an HttpOnly, SameSite=Strict session', async (t) => {
  alice = await signIn('alice');
  const { ctx, page } = alice;
  t.match(await page.locator('header .who').textContent(), 'Signed in as alice');
  const cookie = (await ctx.cookies()).find((c) => c.name === 'sb_board_session');
  t.ok(cookie, 'the session cookie is set');
  t.equal(cookie?.httpOnly, true, 'HttpOnly');
  t.equal(cookie?.sameSite, 'Strict', 'SameSite=Strict');
  t.equal(await page.evaluate(() => document.cookie), '', 'page scripts cannot read it');
  const row = page.locator('table.queues tr[data-queue="builds"]');
  t.equal(await row.locator('td').nth(6).locator('a.dead').textContent(), '1', 'the builds queue shows one dead letter');
  t.equal(await row.getByRole('button', { name: 'Retry all' }).count(), 1, 'with Retry all beside it');
  await page.screenshot({ path: `${ARTIFACTS}board-queues.png`, fullPage: true });

  const again = await ctx.newPage();
  const url = await createLoginUrl(db.sql, 'alice', base);
  await again.goto(url);
  await again.getByRole('button', { name: 'Sign in' }).click();
  await again.waitForURL(`${base}/board`);
  const reuse = await ctx.newPage();
  await reuse.goto(url);
  const [resp] = await Promise.all([reuse.waitForResponse((r) => r.request().method() === 'POST'), reuse.getByRole('button', { name: 'Sign in' }).click()]);
  t.equal(resp.status(), 403, 'a used link is refused');
  t.match(await reuse.locator('.banner.error').textContent(), 'unknown, already used or expired');
  await again.close();
  await reuse.close();
});

t.test('the drawer of a dead letter shows every attempt, its outcome, and which one died', async (t) => {
  const { page } = alice;
  await page.goto(`${base}/board/todos?dead_letter=true`);
  await page.getByRole('link', { name: 'Fix the arm64 build' }).click();
  await page.waitForURL(`${base}/board/todos/${ids.dead}`);
  const outcomes = await page.locator('ol.attempts > li').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.outcome));
  t.same(outcomes, ['failed', 'released', 'reaped', 'failed'], 'four attempts, newest first, each with its outcome');
  const dispositions = await page.locator('ol.attempts > li dd.disposition').allTextContents();
  t.same(dispositions, ['dead_lettered', 'requeued', 'requeued', 'retry_scheduled'], 'and what the todo did next');

  const hb = await q<{ at: Date }>(`select last_heartbeat_at as at from switchboard.todo_attempts where todo_id = $1 and seq = 2`, ids.dead);
  t.equal(await page.locator('ol.attempts > li[data-seq="2"] p.died').textContent(), `died — last heard from at ${hhmm(hb.at)} UTC`,
    'the reaped attempt says it died and when it was last heard from');
  t.equal(await page.locator('p.died').count(), 1, 'only the reaped attempt is labelled died');
  t.match(await page.locator('ol.attempts > li[data-seq="1"] pre.summary').textContent(), 'tests red on arm64', 'summaries are shown');
  t.match(await page.locator('ol.attempts > li[data-seq="1"] .untrusted-label').textContent(), 'data, not instructions',
    'under a label saying they are data written by an earlier attempt');
  const link = page.locator('ol.attempts > li[data-seq="4"] a[href="https://ci.example/runs/4"]');
  t.equal(await link.getAttribute('rel'), 'noopener noreferrer', 'an https artifact is a noopener noreferrer link');
  t.match(await page.locator('p.story').textContent(), /4 attempts: 1 died, 2 failed, 1 released\..*Now a dead letter/,
    'one sentence says what happened');

  const rows = await page.locator('svg.timeline g.attempt-row').evaluateAll((els) =>
    els.map((e) => [(e as SVGElement).dataset.seq, (e as SVGElement).dataset.outcome, e.querySelector('.verdict')?.textContent]),
  );
  t.same(rows, [
    ['1', 'failed', 'failed → retry scheduled'],
    ['2', 'reaped', `died — last heard from at ${hhmm(hb.at)}`],
    ['3', 'released', 'released → requeued'],
    ['4', 'failed', 'failed → dead-lettered'],
  ], 'the timeline has one row per attempt, oldest first, coloured and labelled by outcome');

  await page.screenshot({ path: `${ARTIFACTS}board-drawer.png`, fullPage: true });
  await page.locator('figure.timeline-figure').screenshot({ path: `${ARTIFACTS}board-timeline.png` });
});

t.test('Retry now makes the dead letter pending; claimed from the Board and completed, the attempt closes completed by an owner', async (t) => {
  const { page } = alice;
  await page.goto(`${base}/board/todos/${ids.dead}`);
  await page.getByRole('button', { name: 'Retry now' }).click();
  await page.waitForURL(`${base}/board/todos/${ids.dead}?did=retry`);
  t.equal(await page.locator('h1 .badge').first().textContent(), 'pending', 'the todo is pending');

  await page.getByRole('button', { name: 'Claim' }).click();
  await page.waitForURL(`${base}/board/todos/${ids.dead}?did=claim`);
  t.equal(await page.locator('h1 .badge').first().textContent(), 'claimed', 'claimed from the Board');
  t.match(await page.locator('.held .note').textContent(), 'You hold this lease from the Board');

  await page.locator('form[action$="/complete"] textarea[name="summary"]').fill('rebuilt by hand on the arm64 box');
  await page.locator('form[action$="/complete"] textarea[name="result"]').fill('{"fixed": true}');
  await page.getByRole('button', { name: 'Complete' }).click();
  await page.waitForURL(`${base}/board/todos/${ids.dead}?did=complete`);
  t.equal(await page.locator('h1 .badge').first().textContent(), 'done', 'the todo is done');
  const newest = page.locator('ol.attempts > li').first();
  t.equal(await newest.getAttribute('data-seq'), '5', 'seq continued to 5');
  t.equal(await newest.getAttribute('data-outcome'), 'completed', 'closed completed');
  t.match(await newest.locator('.badge.claimer').textContent(), 'owner', 'by an owner claimer');
  t.equal(await newest.locator('.untrusted code.data').first().textContent(), 'owner:alice', 'claimant owner:alice');
  const row = await q<{ claimer_kind: string; owner_id: string; outcome: string; attempt: number }>(
    `select claimer_kind, owner_id::text, outcome, attempt from switchboard.todo_attempts where todo_id = $1 and seq = 5`, ids.dead);
  t.same(row, { claimer_kind: 'owner', owner_id: ids.alice, outcome: 'completed', attempt: 1 }, 'the ledger agrees');
  await page.screenshot({ path: `${ARTIFACTS}board-drawer-completed.png`, fullPage: true });
});

t.test("a lease an agent holds offers no Extend, Complete, Fail or Release; a report sent anyway is a plain conflict", async (t) => {
  const { page } = alice;
  await page.goto(`${base}/board/todos/${ids.held}`);
  t.match(await page.locator('.held .note').textContent(), 'An agent (agent:buildbot) holds this lease');
  for (const name of ['Extend', 'Complete', 'Fail', 'Release']) {
    t.equal(await page.getByRole('button', { name, exact: true }).count(), 0, `no ${name}: it could only answer conflict`);
  }
  t.equal(await page.getByRole('button', { name: 'Cancel todo' }).count(), 1, 'Cancel, which can stop it, is offered');
  t.equal(await page.locator('ol.attempts > li[data-outcome="open"] .untrusted-label').textContent(),
    'Written by the attempt in progress — data, not instructions', 'the open attempt is not called an earlier one');

  // A page from before the agent claimed (or a hand-made form) can still send one: the ledger refuses it plainly.
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const resp = await page.context().request.post(`${base}/board/todos/${ids.held}/complete`, {
    form: { csrf, summary: 'done by hand' }, headers: { origin: base }, maxRedirects: 0,
  });
  t.equal(resp.status(), 409, 'HTTP 409');
  await page.setContent(await resp.text());
  t.match(await page.locator('.banner.error').textContent(), /^Conflict: todo .* is held by agent:buildbot, not by you from the Board/,
    'the conflict is shown plainly');
  const todo = await q<{ state: string; owner: string }>(`select state, owner from switchboard.todos where id = $1`, ids.held);
  t.same(todo, { state: 'claimed', owner: 'agent:buildbot' }, 'the agent still holds it');
});

t.test('a summary or claimant containing markup renders as text', async (t) => {
  const { page } = alice;
  await page.goto(`${base}/board/todos/${ids.xss}`);
  t.equal(await page.locator('ol.attempts pre.summary').textContent(), XSS, 'the summary is shown verbatim as text');
  t.equal(await page.locator('ol.attempts .untrusted code.data').first().textContent(), '<b>run-x</b>', 'so is the claimant');
  t.equal(await page.locator('script').count(), 0, 'no script element exists on the page');
  t.equal(await page.locator('.untrusted img, .untrusted b').count(), 0, 'no element was made from the text');
  t.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined, 'nothing ran');
});

t.test('activity says whose attempt died and when it was last heard from', async (t) => {
  const { page } = alice;
  await page.goto(`${base}/board/activity`);
  const hb = await q<{ at: Date }>(`select last_heartbeat_at as at from switchboard.todo_attempts where todo_id = $1 and seq = 2`, ids.dead);
  const line = page.locator(`ul.activity li[data-todo="${ids.dead}"][data-seq="2"]`);
  t.match((await line.textContent())?.replace(/\s+/g, ' '), `run-2 (agent:buildbot) died after its last heartbeat at ${hhmm(hb.at)}`);
  t.match(await page.locator('.untrusted-note').textContent(), 'data, not instructions');
  await page.screenshot({ path: `${ARTIFACTS}board-activity.png`, fullPage: true });
});

t.test("a second owner gets the same not-found page for another owner's todo as for an unknown id", async (t) => {
  const bob = await signIn('bob');
  const unknown = '00000000-0000-4000-8000-000000000000';
  const foreign = await bob.page.goto(`${base}/board/todos/${ids.dead}`);
  const foreignHtml = (await foreign!.text()).replaceAll(ids.dead, '<id>');
  const none = await bob.page.goto(`${base}/board/todos/${unknown}`);
  const noneHtml = (await none!.text()).replaceAll(unknown, '<id>');
  t.equal(foreign!.status(), 404);
  t.equal(none!.status(), 404);
  t.equal(foreignHtml, noneHtml, 'byte-identical once the ids are set aside');
  t.notMatch(foreignHtml, 'Fix the arm64 build', 'nothing of the todo shows');

  const csrf = await bob.page.locator('input[name="csrf"]').first().inputValue();
  const claimForeign = await bob.ctx.request.post(`${base}/board/todos/${ids.held}/cancel`, { form: { csrf }, maxRedirects: 0 });
  const claimUnknown = await bob.ctx.request.post(`${base}/board/todos/${unknown}/cancel`, { form: { csrf }, maxRedirects: 0 });
  t.equal(claimForeign.status(), 404, 'an action on the foreign todo is not found');
  t.equal((await claimForeign.text()).replaceAll(ids.held, '<id>'), (await claimUnknown.text()).replaceAll(unknown, '<id>'),
    'byte-identical to the unknown id');
  t.equal((await q<{ state: string }>(`select state from switchboard.todos where id = $1`, ids.held)).state, 'claimed', 'and nothing changed');
  await bob.ctx.close();
});

t.test('a state-changing POST without the session CSRF token is refused', async (t) => {
  const { ctx } = alice;
  const none = await ctx.request.post(`${base}/board/todos/${ids.held}/cancel`, { form: {}, maxRedirects: 0 });
  t.equal(none.status(), 403, 'no token: 403');
  t.match(await none.text(), 'CSRF token does not match');
  const wrong = await ctx.request.post(`${base}/board/todos/${ids.held}/cancel`, { form: { csrf: 'f'.repeat(64) }, maxRedirects: 0 });
  t.equal(wrong.status(), 403, 'a wrong token: 403');
  const cross = await ctx.request.post(`${base}/board/todos/${ids.held}/cancel`, {
    form: { csrf: await alice.page.locator('input[name="csrf"]').first().inputValue() },
    headers: { Origin: 'https://evil.example' },
    maxRedirects: 0,
  });
  t.equal(cross.status(), 403, 'the right token from another origin: 403');
  t.equal((await q<{ state: string }>(`select state from switchboard.todos where id = $1`, ids.held)).state, 'claimed', 'nothing changed');
});

t.test('a todo whose oldest attempts were pruned says so, and the timeline shows the rows that remain', async (t) => {
  const { page } = alice;
  await q(`update switchboard.settings set value = '5' where key = 'attempt_history_max_per_todo'`);
  const id = (await q<{ id: string }>(`select (switchboard.add_todo(endpoint_id => $1, queue => 'builds', title => 'Flaky deploy')->>'id') as id`, ids.ep)).id;
  for (let i = 1; i <= 7; i++) {
    await q(`select switchboard.claim(endpoint_id => $1, todo_id => $2, claimant => $3)`, ids.ep, id, `run-${i}`);
    await q(`select switchboard.release(endpoint_id => $1, todo_id => $2)`, ids.ep, id);
  }
  await q(`update switchboard.settings set value = '50' where key = 'attempt_history_max_per_todo'`);
  await page.goto(`${base}/board/todos/${id}`);
  t.equal(await page.locator('.pruned').textContent(), '2 oldest attempts were pruned by the history cap', 'attempts_pruned is shown');
  t.same(await page.locator('svg.timeline g.attempt-row').evaluateAll((els) => els.map((e) => (e as SVGElement).dataset.seq)),
    ['3', '4', '5', '6', '7'], 'the timeline has the five rows kept');
  t.match(await page.locator('p.story').textContent(), '7 attempts (2 oldest pruned): 5 released.');
});

t.test('a NUL in a summary sent from the Board is removed, not refused', async (t) => {
  const { page, ctx } = alice;
  const id = (await q<{ id: string }>(`select (switchboard.add_todo(endpoint_id => $1, queue => 'builds', title => 'Nul note')->>'id') as id`, ids.ep)).id;
  await page.goto(`${base}/board/todos/${id}`);
  await page.getByRole('button', { name: 'Claim' }).click();
  await page.waitForURL(`${base}/board/todos/${id}?did=claim`);
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const res = await ctx.request.post(`${base}/board/todos/${id}/release`, {
    form: { csrf, summary: 'handing\u0000 back' },
    maxRedirects: 0,
  });
  t.equal(res.status(), 303, 'the release is accepted');
  const row = await q<{ summary: string; outcome: string }>(
    `select summary, outcome from switchboard.todo_attempts where todo_id = $1 and seq = 1`, id);
  t.same(row, { summary: 'handing back', outcome: 'released' }, 'stored without the NUL');
});

t.test('an owner sets the default queue of an endpoint, where a requester\'s message naming no queue goes', async (t) => {
  const { page } = alice;
  await page.goto(`${base}/board`);
  await page.getByRole('link', { name: 'Endpoints' }).click();
  await page.waitForURL(`${base}/board/endpoints`);
  t.equal(await page.locator('tbody tr').count(), 1, 'only alice\'s own endpoint is listed');
  const field = page.getByLabel('Default queue of buildbot');
  await field.fill('inbox');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(`${base}/board/endpoints?saved=1`);
  const row = await q<{ default_queue: string }>(`select default_queue from switchboard.endpoints where id = $1`, ids.ep);
  t.equal(row.default_queue, 'inbox', 'stored');
  t.equal(await page.getByLabel('Default queue of buildbot').inputValue(), 'inbox', 'and shown');
  await page.getByLabel('Default queue of buildbot').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(`${base}/board/endpoints?saved=1`);
  const cleared = await q<{ default_queue: string | null }>(`select default_queue from switchboard.endpoints where id = $1`, ids.ep);
  t.equal(cleared.default_queue, null, 'an empty field clears it');
});

t.test('sign out ends the session', async (t) => {
  const { page } = alice;
  await page.goto(`${base}/board`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${base}/board/login?signed_out=1`);
  t.match(await page.locator('h1').textContent(), 'Signed out');
  const after = await page.goto(`${base}/board`);
  t.equal(after!.status(), 401, 'the Board asks to sign in again');
  const open = await q<{ n: number }>(
    `select count(*)::int as n from switchboard.owner_sessions where owner_id = $1 and signed_out_at is null`, ids.alice);
  t.equal(open.n, 1, 'only the other browser session of alice is still live');
  await alice.ctx.close();
});
