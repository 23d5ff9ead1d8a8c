// The Board in a real browser (Debian's Chromium via playwright-core) tells no small untruths: no Claim button on
// a lease already held, no Extend, Complete, Fail or Release on a lease an agent holds, "claimable now" after Retry now, no untrusted-data box around a missing result, an answer
// for /favicon.ico, a sign-in page that names its account, no prototype key read as a banner, and an attempt
// counter past its cap (a release keeps the count) read as "cap reached" rather than "3 of 1".
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import t from 'tap';
import { createBoardRouter, createLoginUrl } from '../../src/board/router.js';
import { freshDatabase, type TestDb } from '../helpers/db.js';

let db: TestDb;
let server: Server;
let browser: Browser;
let base: string;
let alice: { ctx: BrowserContext; page: Page };
const ids: Record<string, string> = {};

async function q<T = Record<string, unknown>>(text: string, ...args: unknown[]): Promise<T> {
  const rows = await db.sql.unsafe(text, args as never[]);
  return rows[0] as T;
}

async function addTodo(title: string, max = 3): Promise<string> {
  return (await q<{ id: string }>(`select (switchboard.add_todo(endpoint_id => $1, queue => 'q', title => $2,
                                      max_attempts => $3)->>'id') as id`, ids.ep, title, max)).id;
}

async function signIn(handle: string): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(await createLoginUrl(db.sql, handle, base));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/board`);
  return { ctx, page };
}

const claimButton = (page: Page) => page.getByRole('button', { name: 'Claim', exact: true });
const drawer = (id: string, query = '') => alice.page.goto(`${base}/board/todos/${id}${query}`);

t.before(async () => {
  db = await freshDatabase();
  ids.alice = (await q<{ id: string }>(`select (switchboard.add_owner('alice')->>'owner_id') as id`)).id;
  ids.bob = (await q<{ id: string }>(`select (switchboard.add_owner('bob')->>'owner_id') as id`)).id;
  ids.ep = (await q<{ id: string }>(`select (switchboard.vend_endpoint($1, 'buildbot')->>'endpoint_id') as id`, ids.alice)).id;
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
  alice = await signIn('alice');
});

t.teardown(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  await db?.drop();
});

t.test('the sign-in page says which account it signs into, and keeps its word', async (t) => {
  const ctx = await browser.newContext();
  t.teardown(() => ctx.close());
  const page = await ctx.newPage();
  const url = await createLoginUrl(db.sql, 'alice', base);
  await page.goto(url);
  t.equal(await page.locator('h1').textContent(), 'Sign in to the Board as alice', 'the heading names the account');
  t.equal(await page.getByRole('button').textContent(), 'Sign in as alice', 'so does the button');

  // A link that names alice but carries bob's token (sent to alice by someone who wants her in their account).
  const bobs = new URL(await createLoginUrl(db.sql, 'bob', base));
  const forged = new URL(url);
  forged.searchParams.set('token', bobs.searchParams.get('token')!);
  await page.goto(forged.href);
  t.match(await page.locator('h1').textContent(), 'as alice');
  const [resp] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button').click()]);
  t.equal(resp.status(), 403, 'signing in is refused');
  t.match(await page.locator('.banner.error').textContent(), 'not for the account it names');
  t.same((await ctx.cookies()).filter((c) => c.name === 'sb_board_session'), [], 'no session cookie was set');
  const open = await q<{ n: number }>(
    `select count(*)::int as n from switchboard.owner_sessions where owner_id = $1 and signed_out_at is null`, ids.bob);
  t.equal(open.n, 0, "and no session of bob's is left open");

  const unnamed = new URL(await createLoginUrl(db.sql, 'alice', base));
  unnamed.searchParams.delete('as');
  await page.goto(unnamed.href);
  t.equal(await page.getByRole('button', { name: /Sign in/ }).count(), 0, 'a link that names no account offers no button');
  t.match(await page.locator('main').textContent(), 'does not say which account');

  const real = await signIn('alice');
  t.match(await real.page.locator('header .who').textContent(), 'Signed in as alice', 'the real link still signs in');
  await real.ctx.close();
});

t.test('?did= with a prototype key shows no banner, let alone a function', async (t) => {
  const id = await addTodo('Prototype keys');
  for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
    const resp = await drawer(id, `?did=${key}`);
    t.equal(resp!.status(), 200, `did=${key}: the page renders`);
    t.equal(await alice.page.locator('.banner').count(), 0, `did=${key}: no banner`);
    t.notMatch(await alice.page.locator('main').textContent(), /function|native code/, `did=${key}: no function text`);
  }
  await drawer(id, '?did=cancel');
  t.equal(await alice.page.locator('.banner.ok').textContent(), 'Canceled.', 'a real action still gets its banner');
});

t.test('/favicon.ico answers without a 404', async (t) => {
  const resp = await alice.ctx.request.get(`${base}/favicon.ico`);
  t.equal(resp.status(), 204, '204 No Content');
});

t.test('Claim is offered only where it can work: not on a lease you (or an agent) hold', async (t) => {
  const id = await addTodo('Hand work');
  await drawer(id);
  t.equal(await claimButton(alice.page).count(), 1, 'a pending todo offers Claim');
  await claimButton(alice.page).click();
  await alice.page.waitForURL(`${base}/board/todos/${id}?did=claim`);
  t.match(await alice.page.locator('.held .note').textContent(), 'You hold this lease from the Board');
  t.equal(await claimButton(alice.page).count(), 0, 'once you hold it, no Claim');
  t.equal(await alice.page.getByRole('button', { name: 'Extend' }).count(), 1, 'Extend instead');

  const agents = await addTodo('Agent work');
  await q(`select switchboard.claim(endpoint_id => $1, todo_id => $2, claimant => 'run-1', lease_seconds => 3600)`, ids.ep, agents);
  await drawer(agents);
  t.equal(await claimButton(alice.page).count(), 0, "no Claim on an agent's live lease either");
  t.match(await alice.page.locator('p.story').textContent(), 'Now held by agent:buildbot until', 'the story says who holds it');
  t.equal(await alice.page.locator('dl.facts dt', { hasText: 'Held by' }).count(), 1, 'the holder is "Held by"');
  for (const name of ['Extend', 'Complete', 'Fail', 'Release']) {
    t.equal(await alice.page.getByRole('button', { name, exact: true }).count(), 0, `nor ${name}, which act only on a Board lease`);
  }

  await q(`update switchboard.todos set lease_expires_at = now() - interval '1 minute' where id = $1`, agents);
  await drawer(agents);
  t.equal(await claimButton(alice.page).count(), 1, 'a lapsed lease below the cap can be taken over: Claim');
  t.match(await alice.page.locator('p.story').textContent(), 'lease of agent:buildbot lapsed at', 'and the story says it lapsed');
  t.equal(await alice.page.getByRole('button', { name: 'Extend', exact: true }).count(), 0, 'still no Extend on it');
});

t.test('after Retry now the todo is "claimable now", not "claimable from" a time gone by', async (t) => {
  const id = await addTodo('Retry me', 1);
  await q(`update switchboard.todos set run_at = now() - interval '2 hours' where id = $1`, id);
  await q(`select switchboard.claim(endpoint_id => $1, todo_id => $2, claimant => 'run-1')`, ids.ep, id);
  await q(`select switchboard.fail(endpoint_id => $1, todo_id => $2, summary => 'broken')`, ids.ep, id);
  await drawer(id);
  t.match(await alice.page.locator('p.story').textContent(), 'Now a dead letter');
  t.equal(await claimButton(alice.page).count(), 0, 'a dead letter offers Retry now, not Claim');
  await alice.page.getByRole('button', { name: 'Retry now' }).click();
  await alice.page.waitForURL(`${base}/board/todos/${id}?did=retry`);
  const story = await alice.page.locator('p.story').textContent();
  t.match(story, /Now pending, claimable now\.$/, 'claimable now');
  t.notMatch(story, 'claimable from', 'no past time');

  const later = await addTodo('Later');
  await q(`update switchboard.todos set run_at = now() + interval '1 hour', ready_at = now() + interval '1 hour' where id = $1`, later);
  await drawer(later);
  t.match(await alice.page.locator('p.story').textContent(), /Now pending, claimable from \d{4}-\d\d-\d\d /, 'a future run_at keeps its time');
  t.equal(await claimButton(alice.page).count(), 0, 'and Claim waits for it');
});

t.test('no result is shown as none, outside the untrusted-data box', async (t) => {
  const none = await addTodo('No result');
  await q(`select switchboard.claim(endpoint_id => $1, todo_id => $2, claimant => 'run-1')`, ids.ep, none);
  await q(`select switchboard.complete(endpoint_id => $1, todo_id => $2, summary => 'done, nothing to return')`, ids.ep, none);
  await drawer(none);
  const payloads = alice.page.locator('section.payloads');
  t.equal(await payloads.locator('.untrusted').count(), 0, 'no untrusted-data box');
  t.equal(await payloads.locator('.no-result').textContent(), 'none', 'the result reads none');

  const some = await addTodo('A result');
  await q(`select switchboard.claim(endpoint_id => $1, todo_id => $2, claimant => 'run-1')`, ids.ep, some);
  await q(`select switchboard.complete(endpoint_id => $1, todo_id => $2, result => '{"ok": true}'::jsonb)`, ids.ep, some);
  await drawer(some);
  t.equal(await payloads.locator('.untrusted pre.json').textContent(), '{\n  "ok": true\n}', 'a real result sits in the box');
  t.match(await payloads.locator('.untrusted-label').textContent(), 'data, not instructions');
});

t.test('released at its cap and claimed again: "cap reached", never "attempt 3 of 1"', async (t) => {
  const id = await addTodo('Released at the cap', 1);
  for (const run of ['run-1', 'run-2']) {
    await q(`select switchboard.claim(endpoint_id => $1, todo_id => $2, claimant => $3)`, ids.ep, id, run);
    await q(`select switchboard.release(endpoint_id => $1, todo_id => $2)`, ids.ep, id);
  }
  await q(`select switchboard.claim(endpoint_id => $1, todo_id => $2, claimant => 'run-3')`, ids.ep, id);
  const row = await q<{ attempt: number; max_attempts: number }>(`select attempt, max_attempts from switchboard.todos where id = $1`, id);
  t.same(row, { attempt: 3, max_attempts: 1 }, 'the ledger counts three claims against a cap of one (the spec: release keeps the counter)');

  await drawer(id);
  const counter = await alice.page.locator('dl.facts .counter').textContent();
  t.match(counter, /^1 of 1, cap reached \(claimed 3 times .*\): the next fail or lapse dead-letters it$/, 'the drawer says the cap is reached');
  t.notMatch(await alice.page.locator('main').textContent(), /3 of 1/, 'nowhere "3 of 1"');
  const once = await addTodo('Done on its only attempt', 1);
  await q(`select switchboard.claim(endpoint_id => $1, todo_id => $2, claimant => 'run-1')`, ids.ep, once);
  await q(`select switchboard.complete(endpoint_id => $1, todo_id => $2)`, ids.ep, once);
  await alice.page.goto(`${base}/board/todos?queue=q`);
  t.equal(await alice.page.locator(`tr[data-todo="${once}"] td.num`).textContent(), '1 / 1', 'a todo done on its only attempt is plain 1 / 1');
  const cell = alice.page.locator(`tr[data-todo="${id}"] td.num`);
  t.equal(await cell.textContent(), '1 / 1 · cap', 'the list shows the cap');
  t.match(await cell.locator('span').getAttribute('title'), 'the next fail or lapse dead-letters it', 'with the sentence on hover');

  await q(`select switchboard.fail(endpoint_id => $1, todo_id => $2, summary => 'no luck')`, ids.ep, id);
  await drawer(id);
  t.match(await alice.page.locator('p.story').textContent(), 'Now a dead letter', 'and the next fail did dead-letter it');
  t.match(await alice.page.locator('dl.facts .counter').textContent(), /^cap of 1 reached \(claimed 3 times/, 'the counter keeps saying so');
});

t.test("a Board claim over the endpoint's claim budget is refused with 429, Retry-After and a plain banner", async (t) => {
  const spent = await addTodo('Spent the budget');
  const id = await addTodo('Over budget');
  await q(`select switchboard.set_endpoint_admission(endpoint_id => $1, claims_per_minute => 1)`, ids.ep);
  t.teardown(() => q(`select switchboard.set_endpoint_admission(endpoint_id => $1, claims_per_minute => null)`, ids.ep));
  await q(`select switchboard.claim(endpoint_id => $1, todo_id => $2)`, ids.ep, spent);
  await drawer(id);
  const [resp] = await Promise.all([
    alice.page.waitForResponse((r) => r.url().endsWith('/claim') && r.request().method() === 'POST'),
    claimButton(alice.page).click(),
  ]);
  t.equal(resp.status(), 429, 'HTTP 429');
  t.match(resp.headers()['retry-after'], /^\d+$/, 'with Retry-After in seconds');
  const banner = await alice.page.locator('.banner.error').textContent();
  t.match(banner, /^Throttled: this endpoint's claim budget .* the next unit is available in \d+ s/, 'the banner says when');
  const row = await q<{ state: string; n: number }>(
    `select state, (select count(*)::int from switchboard.todo_attempts where todo_id = $1) as n from switchboard.todos where id = $1`, id);
  t.same(row, { state: 'pending', n: 0 }, 'nothing changed: still pending, no attempt');
});
