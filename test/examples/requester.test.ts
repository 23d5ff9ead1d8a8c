// examples/requester end to end against a real server: it delegates a todo over A2A, prints each attempt as it closes
// while a real MCP worker fails it and then completes it, and prints the result; Ctrl-C (SIGINT) cancels the task.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { call } from '../mcp/helpers.js';
import { a2aFixture, eventually } from '../a2a/helpers.js';

const REQUESTER = fileURLToPath(new URL('../../examples/requester/requester.ts', import.meta.url));

function requester(url: string, credential: string, args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', REQUESTER, '--url', url, ...args], {
    env: { PATH: process.env.PATH, SWITCHBOARD_CREDENTIAL: credential },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const guard = setTimeout(() => child.kill('SIGKILL'), 90_000);
  void exited.then(() => clearTimeout(guard));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

t.test('the requester follows its todo through a failed attempt to the result', async (t) => {
  const f = await a2aFixture(t);
  const ep = await f.endpoint('requester');
  const r = requester(f.server.url, ep.credential, ['--queue', 'builds', '--payload', '{"repo": "x"}', '--title', 'fix it']);
  const w = await f.worker(ep.credential);
  let c = await call(w, 'claim_next', { queue: 'builds', claimant: 'w1', wait_seconds: 30 });
  t.ok(await eventually(() => /WORKING/.test(r.stdout()), 30_000), 'it saw the claim');
  await call(w, 'fail', { todo_id: c.doc.id, summary: 'flaky test' });
  t.ok(await eventually(() => /attempt 1 failed/.test(r.stdout()), 30_000), 'it printed attempt 1 as it closed');
  c = await call(w, 'claim_next', { queue: 'builds', claimant: 'w2', wait_seconds: 30 });
  await call(w, 'complete', { todo_id: c.doc.id, result: { pr: 7 }, summary: 'green now' });
  t.equal(await r.exited, 0, `exit 0 on COMPLETED (stderr: ${r.stderr()})`);
  t.match(r.stdout(), /attempt 1 failed -> retry_scheduled; claimant "w1"; summary "flaky test"/, 'attempt 1, its text quoted as data');
  t.match(r.stdout(), /attempt 2 completed -> done; claimant "w2"; summary "green now"/, 'attempt 2');
  t.match(r.stdout(), /result \{"pr":7\}/, 'and the result');
});

t.test('Ctrl-C cancels the task', async (t) => {
  const f = await a2aFixture(t);
  const ep = await f.endpoint('requester');
  const r = requester(f.server.url, ep.credential, ['--queue', 'builds']);
  t.ok(await eventually(() => /^task \S+ TASK_STATE_SUBMITTED/m.test(r.stdout()), 30_000), 'it delegated the todo');
  const id = /^task (\S+) /m.exec(r.stdout())![1];
  r.child.kill('SIGINT');
  t.equal(await r.exited, 2, 'exit 2 on CANCELED');
  t.match(r.stdout(), /TASK_STATE_CANCELED/);
  const [todo] = await f.db.sql`select state from switchboard.todos where id = ${id}`;
  t.equal(todo.state, 'canceled', 'the todo is canceled');
});
