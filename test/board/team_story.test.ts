// Teams, the whole story through real clients: the CLI makes a team of two owners (ana, its admin, and ben), a team
// queue and two team endpoints; a requester endpoint (add_todo, get_todo, list_todos) files work over MCP, a worker
// endpoint of the team drains it over MCP (claim_next, complete); ben, who vended neither, sees the todo and its
// attempt on the Board in Chromium, in the scope of the team; cy, outside the team, sees nothing (the not_found of an
// unknown id); and removing ben from the team ends his open Board session's access at once.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import t from 'tap';
import { mountBoard } from '../../src/board/mount.js';
import { createLoginUrl } from '../../src/board/router.js';
import { startServer } from '../../src/server.js';
import { runCli } from '../cli/run.js';
import { call, fixture, httpClient } from '../mcp/helpers.js';

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

t.test('a team drains its queue over MCP; a member sees it on the Board, an outsider nothing, a removed member at once nothing', async (t) => {
  mkdirSync(ARTIFACTS, { recursive: true });
  const f = await fixture(t);
  const env = { DATABASE_URL: f.db.url };
  const cli = async (...args: string[]) => {
    const r = await runCli(args, env);
    t.equal(r.code, 0, `switchboard ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  for (const h of ['ana', 'ben', 'cy']) await cli('owner', 'add', h);
  const team = JSON.parse(await cli('team', 'add', 'core', '--admin', 'ana', '--json'));
  await cli('team', 'member', 'add', 'core', 'ben');
  await cli('team', 'queue', 'add', 'core', 'builds');
  const requester = JSON.parse(await cli('endpoint', 'vend', '--owner', 'ana', '--agent', 'requester', '--team', 'core',
    '--verbs', 'add_todo,get_todo,list_todos', '--json'));
  const worker = JSON.parse(await cli('endpoint', 'vend', '--owner', 'ana', '--agent', 'worker', '--team', 'core',
    '--verbs', 'claim_next,heartbeat,complete,fail', '--json'));
  t.same([requester.team_id, worker.team_id], [team.id, team.id], 'both endpoints are vended in the team');

  const server = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0, mount: [mountBoard] });
  t.teardown(() => server.stop(1000));
  const filer = await httpClient(server.url, requester.credential);
  const drainer = await httpClient(server.url, worker.credential);
  t.teardown(() => Promise.allSettled([filer.close(), drainer.close()]));

  // The requester files and follows.
  const added = await call(filer, 'add_todo', { queue: 'builds', title: 'Build the arm64 image', payload: { arch: 'arm64' } });
  t.notOk(added.isError, 'the requester adds to the team queue');
  const todoId: string = added.doc.id;
  const [{ team_id }] = await f.db.sql`select team_id from switchboard.todos where id = ${todoId}::uuid`;
  t.equal(team_id, team.id, "the todo is in the team's scope");
  t.equal((await call(filer, 'get_todo', { todo_id: todoId })).doc.state, 'pending', 'the requester reads it: pending');
  t.same((await call(filer, 'list_todos', { queue: 'builds' })).doc.todos.map((x: { id: string }) => x.id), [todoId], 'and lists it');
  const refused = await call(filer, 'claim_next', { queue: 'builds' });
  t.ok(refused.isError, 'the requester, without claim_next, cannot claim');

  // The worker drains.
  const claimed = await call(drainer, 'claim_next', { queue: 'builds', claimant: 'worker-run-1' });
  t.notOk(claimed.isError, 'the worker claims from the team queue');
  t.equal(claimed.doc.id, todoId, 'the todo the requester filed');
  const done = await call(drainer, 'complete', { todo_id: todoId, summary: 'image pushed: registry.example/core:arm64' });
  t.notOk(done.isError, 'and completes it');
  const followed = await call(filer, 'get_todo', { todo_id: todoId });
  t.equal(followed.doc.state, 'done', 'the requester sees it done');
  t.equal(followed.doc.attempts?.[0]?.outcome, 'completed', 'with the attempt');

  // Ben, who vended neither endpoint, on the Board.
  const browser: Browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  t.teardown(() => browser.close());
  const base = server.url;
  const signIn = async (handle: string): Promise<Page> => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(await createLoginUrl(f.db.sql, handle, base));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/board`);
    return page;
  };
  const ben = await signIn('ben');
  t.match(await ben.locator(`table.queues tr[data-queue="builds"][data-scope="${team.id}"]`).textContent(), /builds\s*team core/,
    "ben's Queues page counts the team's queue, named by its team");
  t.match(await ben.locator('ul.activity').textContent(), /worker-run-1[\s\S]*completed it[\s\S]*builds · team core/,
    'and his activity shows the attempt, in the team');
  await ben.getByRole('link', { name: 'Todos' }).click();
  await ben.waitForURL(`${base}/board/todos`);
  const row = ben.locator(`tr[data-todo="${todoId}"]`);
  t.match(await row.textContent(), /Build the arm64 image[\s\S]*builds[\s\S]*team core[\s\S]*requester[\s\S]*done/,
    "ben's todo list has it, in the team's scope, added by the requester, done");
  await row.getByRole('link', { name: 'Build the arm64 image' }).click();
  await ben.waitForURL(`${base}/board/todos/${todoId}`);
  t.match(await ben.locator('dl.facts').textContent(), /Scope\s*team core/, 'the drawer names the scope');
  const attempt = ben.locator('li.attempt[data-seq="1"]');
  t.equal(await attempt.getAttribute('data-outcome'), 'completed', 'and shows the attempt, completed');
  t.match(await attempt.textContent(), /worker-run-1[\s\S]*image pushed: registry\.example\/core:arm64/, "with the worker's claimant and summary");
  await ben.screenshot({ path: `${ARTIFACTS}board-team-drawer.png`, fullPage: true });

  // Cy, outside the team: nothing, exactly as for an id that never existed.
  const cy = await signIn('cy');
  await cy.goto(`${base}/board/todos`);
  t.equal(await cy.locator('tr[data-todo]').count(), 0, "cy's todo list is empty");
  const never = '00000000-0000-4000-8000-000000000000';
  const foreign = await cy.goto(`${base}/board/todos/${todoId}`);
  const foreignText = (await cy.content()).replaceAll(todoId, '<id>');
  const unknown = await cy.goto(`${base}/board/todos/${never}`);
  t.same([foreign?.status(), unknown?.status()], [404, 404], 'the team todo is 404 for cy, as an unknown id is');
  t.equal(foreignText, (await cy.content()).replaceAll(never, '<id>'), 'the same page, byte for byte but the id');
  await cy.goto(`${base}/board/activity`);
  t.match(await cy.locator('main').textContent(), /No attempt has ended yet/, "cy's activity shows no attempt of it");
  const [{ doc: cyErr }] = await f.db.sql`select test.error_of(format('select switchboard.owner_get_todo(%L, %L)',
      (select id from switchboard.owners where handle = 'cy'), ${todoId}::uuid)) as doc`;
  const [{ doc: neverErr }] = await f.db.sql`select test.error_of(format('select switchboard.owner_get_todo(%L, %L)',
      (select id from switchboard.owners where handle = 'cy'), ${never}::uuid)) as doc`;
  t.equal(JSON.stringify(cyErr).replaceAll(todoId, '<id>'), JSON.stringify(neverErr).replaceAll(never, '<id>'),
    'owner_get_todo: not_found, byte-identical to an unknown id');

  // Ana removes ben; his open session loses the team's todo on its next request.
  await cli('team', 'member', 'remove', 'core', 'ben');
  const after = await ben.reload();
  t.equal(after?.status(), 404, "ben's open session: the team's todo is 404 at once");
  await ben.goto(`${base}/board/todos`);
  t.equal(await ben.locator('tr[data-todo]').count(), 0, 'and gone from his list');
  await ben.goto(`${base}/board/teams`);
  t.match(await ben.locator('main').textContent(), /You are in no team/, 'and from his teams');
});
