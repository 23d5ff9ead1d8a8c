// A Chromium test of the A2UI todo detail: @a2ui/lit 0.11 (bundled with esbuild, offline) renders what GetTask
// answers, hostile attempt text shows as plain text (no link anywhere), and a click on Cancel sends the action that,
// sent back to /a2a, cancels the task.
import { fileURLToPath } from 'node:url';
import { SendMessageRequest } from '@a2a-js/sdk';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import t from 'tap';
import { A2UI_EXTENSION } from '../../src/a2a/a2ui.js';
import { call } from '../mcp/helpers.js';
import { a2aFixture, filing } from './helpers.js';

t.test('Chromium renders the todo detail with @a2ui/lit and its Cancel button cancels the task', async (t) => {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./render/page.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0].text;

  const f = await a2aFixture(t);
  const ep = await f.endpoint('requester');
  const sent = await f.rpc(ep.credential, { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: SendMessageRequest.toJSON(filing({ queue: 'q', title: 'fix the build' })) });
  const id = sent.body.result.task.id as string;
  const w = await f.worker(ep.credential);
  await call(w, 'claim_next', { queue: 'q', claimant: 'w1' });
  await call(w, 'release', { todo_id: id, summary: 'see [this](https://evil.example/x) **now**' });
  await call(w, 'claim_next', { queue: 'q', claimant: 'w2' });
  const got = await f.rpc(ep.credential, { jsonrpc: '2.0', id: 2, method: 'GetTask', params: { id } }, { 'a2a-extensions': A2UI_EXTENSION });
  const messages = (got.body.result.status.message.parts as any[]).filter((p) => p.mediaType === 'application/json+a2ui').map((p) => p.data);

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  t.teardown(() => browser.close());
  const page = await browser.newPage();
  // Offline: the page loads nothing from anywhere.
  await page.route('**/*', (route) => route.abort());
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: script });
  await page.evaluate((m) => (window as any).render(m), messages);

  const cancel = page.getByRole('button', { name: 'Cancel' });
  await cancel.waitFor({ timeout: 20_000 });
  // The renderer draws into shadow roots: read the text the way a reader sees it, through them.
  const text = await page.evaluate(() => {
    const out: string[] = [];
    const walk = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) out.push(node.textContent ?? '');
      const el = node as Element;
      if (el.shadowRoot) walk(el.shadowRoot);
      for (const child of node.childNodes) walk(child);
    };
    walk(document.body);
    return out.join(' ');
  });
  t.match(text, 'fix the build', 'the title is drawn');
  t.match(text, 'see [this](https://evil.example/x) **now**', 'the attempt summary shows as the plain text it is');
  t.match(text, /attempt 2 \(2 of 5\) running since/, 'and the state of the task');
  const links = await page.evaluate(() => {
    const found: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.tagName === 'A' || el.hasAttribute('href')) found.push(el.outerHTML);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return found;
  });
  t.same(links, [], 'no link anywhere on the page');
  await page.screenshot({ path: 'test-artifacts/a2ui-todo-detail.png' }).catch(() => {});

  await cancel.click();
  const actions = await page.evaluate(() => (window as any).actions);
  t.equal(actions.length, 1, 'the click sends one action');
  t.match(actions[0], { name: 'cancel', context: { taskId: id } }, 'cancel, naming the task');
  const back = await f.rpc(ep.credential, {
    jsonrpc: '2.0',
    id: 3,
    method: 'SendMessage',
    params: { message: { messageId: 'click-1', role: 'ROLE_USER', taskId: id, parts: [{ mediaType: 'application/json+a2ui', data: { version: 'v0.9', action: actions[0] } }] } },
  });
  t.equal(back.body.result.task.status.state, 'TASK_STATE_CANCELED', 'sent back to /a2a, the action cancels the task');
  const [attempt] = await f.db.sql`select outcome from switchboard.todo_attempts where todo_id = ${id} and seq = 2`;
  t.equal(attempt.outcome, 'canceled', 'closing the running attempt canceled');
});
