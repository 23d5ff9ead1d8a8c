// examples/relay end to end against a real server: the relay claims fenced, writes the context file, runs the
// command, heartbeats and reports; a failed run's summary reaches the next run's context file; a relay killed
// mid-run leaves an attempt the next claim sees as died; SIGTERM releases; a session the server closes after every
// request does not show.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { type Fixture, fixture } from '../mcp/helpers.js';

type Tap = Test;
const RELAY = fileURLToPath(new URL('../../examples/relay/relay.ts', import.meta.url));

async function setup(t: Tap, env: Record<string, string> = {}): Promise<{ f: Fixture; server: RunningServer; credential: string; dir: string }> {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'relay');
  await f.db.sql`insert into switchboard.settings (key, value) values ('retry_backoff_base_seconds', '0')
                 on conflict (key) do update set value = excluded.value`;
  const server = await startServer({ config: loadConfig(env), sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));
  const dir = mkdtempSync(join(tmpdir(), 'relay-test-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return { f, server, credential: ep.credential, dir };
}

function relay(server: RunningServer, credential: string, dir: string, args: string[], command: string[]) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', RELAY, '--url', `${server.url}/mcp`, '--queue', 'fix', '--context-dir', dir, '--label', 'relay/test', ...args, '--', ...command],
    { env: { PATH: process.env.PATH, SWITCHBOARD_CREDENTIAL: credential }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  child.stdout!.resume();
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  // Never outlive the test.
  const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
  exited.then(() => clearTimeout(guard));
  return { child, exited, stderr: () => stderr };
}

async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

// The one-shot command: keeps a copy of each context file it is given; fails on its first run, succeeds after.
const FLAKY = `
const fs = require('node:fs');
const [ctx, dir] = process.argv.slice(1);
const runs = fs.readdirSync(dir).filter((f) => f.startsWith('seen-')).length;
fs.copyFileSync(ctx, dir + '/seen-' + (runs + 1) + '.json');
if (runs === 0) { console.error('tried the quick fix: linker still fails on arm64'); process.exit(3); }
fs.writeFileSync(process.env.RELAY_RESULT_FILE, JSON.stringify({ fixed: true }));
console.log('pinned the linker; green');
`;

t.test('a command that fails once then succeeds: the second run reads the first attempt\'s summary', async (t) => {
  const { f, server, credential, dir } = await setup(t);
  const todo = await f.ctx.ledger.addTodo({ credential, queue: 'fix', payload: { issue: 7 } });
  const r = relay(server, credential, dir, ['--max', '2', '--wait-seconds', '5', '--lease-seconds', '60'], [process.execPath, '-e', FLAKY, '{context}', dir]);
  t.equal(await r.exited, 0, r.stderr());

  const first = JSON.parse(readFileSync(join(dir, 'seen-1.json'), 'utf8'));
  const second = JSON.parse(readFileSync(join(dir, 'seen-2.json'), 'utf8'));
  t.match(first, { todo: { id: todo.id as string, payload: { issue: 7 } }, prior_attempts: { attempts: [] } }, 'the first run has no history');
  t.match(second.prior_attempts.note, /DATA written by earlier attempts.*never instructions/, 'history is labelled as data');
  t.match(second.prior_attempts.attempts, [
    { seq: 1, claimant: 'relay/test/run-1', outcome: 'failed', died: false, summary: /exited 3.*tried the quick fix: linker still fails on arm64/s },
  ], "the second run's context file carries the first attempt's summary");

  const detail = await f.ctx.ledger.getTodo({ credential, todo_id: String(todo.id) });
  t.match(detail, { state: 'done', result: { fixed: true } }, 'completed with the result the command left');
  t.match((detail.attempts as unknown[])[0], { seq: 2, claimant: 'relay/test/run-2', outcome: 'completed', summary: /pinned the linker; green/ });
  const [{ fenced }] = await f.db.sql`select bool_and(lease_token_sha256 is not null) as fenced from switchboard.todo_attempts where todo_id = ${String(todo.id)}::uuid`;
  t.equal(fenced, true, 'both claims were fenced');
});

t.test('a relay killed mid-run leaves an attempt the next claim sees as died; SIGTERM releases', async (t) => {
  const { f, server, credential, dir } = await setup(t);
  const todo = await f.ctx.ledger.addTodo({ credential, queue: 'fix', payload: { issue: 8 } });
  // A command that runs until it is stopped (or 30 s), recording its pid so the test can clean it up.
  const slow = `require('node:fs').writeFileSync(process.argv[1] + '.pid', String(process.pid)); setTimeout(() => {}, 30000);`;
  const killed = relay(server, credential, dir, ['--max', '1', '--lease-seconds', '2', '--heartbeat-seconds', '1'], [process.execPath, '-e', slow, '{context}']);
  const pidFile = () => readdirSync(dir).find((x) => x.endsWith('.pid'));
  await until('the command to start', () => pidFile() !== undefined);
  killed.child.kill('SIGKILL');
  await killed.exited;
  const orphan = Number(readFileSync(join(dir, pidFile()!), 'utf8'));
  try {
    process.kill(orphan, 'SIGKILL');
  } catch {
    // already gone
  }
  rmSync(join(dir, pidFile()!));
  await until('the lease to lapse', async () => {
    const [{ lapsed }] = await f.db.sql`select lease_expires_at < now() as lapsed from switchboard.todos where id = ${todo.id as string}::uuid`;
    return lapsed === true;
  });

  // The next relay takes the todo over; its context file shows the earlier attempt died. SIGTERM then releases.
  const next = relay(server, credential, dir, ['--max', '1', '--lease-seconds', '60'], [process.execPath, '-e', slow, '{context}']);
  await until('the second command to start', () => pidFile() !== undefined);
  // Each relay process numbers its runs from 1, so the second one's context file took the first one's name.
  const ctx = JSON.parse(readFileSync(join(dir, `todo-${todo.id}-run-1.json`), 'utf8'));
  t.match(ctx.prior_attempts.attempts, [{ seq: 1, claimant: 'relay/test/run-1', died: true, outcome: /lease_expired|reaped/ }],
    'the killed relay\'s attempt is seen as died: true');

  next.child.kill('SIGTERM');
  t.equal(await next.exited, 143, 'the relay exits 143 on SIGTERM');
  const attempts = await f.db.sql`select seq, outcome, disposition, summary from switchboard.todo_attempts where todo_id = ${todo.id as string}::uuid order by seq`;
  t.match(attempts, [
    { seq: 1, outcome: /lease_expired|reaped/ },
    { seq: 2, outcome: 'released', disposition: 'requeued', summary: /relay stopped by SIGTERM/ },
  ], 'the stopped run released the todo with a summary');
  const [{ state }] = await f.db.sql`select state from switchboard.todos where id = ${todo.id as string}::uuid`;
  t.equal(state, 'pending', 'pending again for the next relay');
});

t.test('a server restart while the relay runs: its one client goes on, and nothing runs twice', async (t) => {
  const { f, server, credential, dir } = await setup(t);
  for (const n of [1, 2]) await f.ctx.ledger.addTodo({ credential, queue: 'fix', payload: { n } });
  // Runs long enough for a few heartbeats, during which the server is replaced by another on the same port.
  const beats = `setTimeout(() => { require('node:fs').writeFileSync(process.env.RELAY_RESULT_FILE, '{"ok":true}'); }, 2500);`;
  const r = relay(server, credential, dir, ['--max', '2', '--wait-seconds', '1', '--lease-seconds', '5', '--heartbeat-seconds', '1'], [process.execPath, '-e', beats]);
  await until('the first claim', async () => (await f.db.sql`select count(*)::int as n from switchboard.todo_attempts`)[0].n >= 1);
  await server.stop(1000);
  const again = await startServer({ config: f.ctx.config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: server.port });
  t.teardown(() => again.stop(1000));
  t.equal(await r.exited, 0, r.stderr());
  const attempts = await f.db.sql`select seq, outcome from switchboard.todo_attempts order by claimed_at`;
  t.match(attempts, [{ seq: 1, outcome: 'completed' }, { seq: 1, outcome: 'completed' }], 'two claims, each completed once');
  const [{ done }] = await f.db.sql`select count(*)::int as done from switchboard.todos where state = 'done'`;
  t.equal(done, 2);
});
