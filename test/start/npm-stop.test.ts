// `kill -TERM <pid of npm start>` stops everything `npm start` started: the CLI, its embedded Postgres and
// both ports, whether the signal comes once it serves or while it is still starting. A signal during the first
// initdb ends initdb at once (a clean stop, exit 0) and leaves a data folder the next `npm start` starts from.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { freePort } from '../helpers/net.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));


/** A process is gone when /proc no longer has it, or it is a zombie nobody has reaped yet (it holds nothing). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function descendantsOf(pid: number): number[] {
  return childrenOf(pid).flatMap((c) => [c, ...descendantsOf(c)]);
}

const command = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

/** Polls until cond holds; a bounded wait (the test fails with `what` rather than hanging). */
async function waitFor(cond: () => boolean, what: string, ms = 120_000): Promise<void> {
  for (const end = Date.now() + ms; !cond(); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
  }
}

interface Run {
  npm: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function npmStart(dataDir: string, pgPort: number, port: number): Run {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, SWITCHBOARD_DATA_DIR: dataDir,
    SWITCHBOARD_PG_PORT: String(pgPort), SWITCHBOARD_PORT: String(port) };
  const npm = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  npm.stdout!.on('data', (d) => (out += d));
  npm.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    npm.on('exit', (code, signal) => resolve({ code, signal })));
  return { npm, output: () => out, exited };
}

// Both scenarios share one data folder: the first start is interrupted during initdb, the second starts from what
// that left and serves.
const dir = mkdtempSync(join(tmpdir(), 'i16-npm-stop-'));
chmodSync(dir, 0o755); // as root, Postgres runs as the postgres user, which must reach the data folder
const dataDir = join(dir, 'pg');
t.teardown(() => rmSync(dir, { recursive: true, force: true }));

async function scenario(t: Test, when: 'serving' | 'starting'): Promise<void> {
  const pids: number[] = [];
  t.teardown(() => {
    for (const pid of pids.reverse()) {
      try {
        if (alive(pid)) process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
  const pgPort = await freePort();
  const port = await freePort();
  const run = npmStart(dataDir, pgPort, port);
  pids.push(run.npm.pid!);

  const ready = when === 'serving' ? 'Stop with Ctrl-C.' : 'initialising a new data folder';
  await waitFor(() => run.output().includes(ready) || run.npm.exitCode !== null, ready);
  t.match(run.output(), ready, `npm start got as far as: ${ready}`);
  const cli = childrenOf(run.npm.pid!);
  t.same(cli.map((pid) => command(pid).slice(1)), [[join('dist', 'cli.js'), 'start']],
    'npm start has one child, the CLI itself (no shell in between to swallow the signal)');
  pids.push(...descendantsOf(run.npm.pid!));
  if (when === 'starting') {
    t.ok(pids.some((pid) => alive(pid) && command(pid)[0]?.endsWith('initdb')) || existsSync(join(dataDir, 'PG_VERSION')),
      'initdb runs (or has just finished) when the signal comes');
  }
  if (when === 'serving') {
    const pg = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    t.ok(pids.includes(pg) && alive(pg), 'the embedded Postgres runs, started by the CLI');
    t.ok(await listening(port), 'the server listens');
    t.ok(await listening(pgPort), 'and so does Postgres');
  }

  process.kill(run.npm.pid!, 'SIGTERM');
  const { code } = await run.exited;
  // The CLI exits 1 if its shutdown outlasts 10 s (its own watchdog), so 0 here means it stopped within 10 s.
  t.equal(code, 0, 'npm start exits 0 on SIGTERM', { output: run.output().slice(-3000) });
  t.match(run.output(), /switchboard stopped|"signal":"SIGTERM"/, 'the CLI saw the signal');
  if (when === 'starting') {
    t.match(run.output(), 'switchboard stopped before the embedded Postgres was up', 'it stopped initdb rather than waiting for it');
  }
  // The CLI waited for Postgres to exit before exiting; only the kernel's bookkeeping may lag a moment.
  await waitFor(() => !pids.some(alive), 'every process to go', 5_000).catch(() => {});
  t.same(pids.filter(alive), [], `none of the ${pids.length} processes under npm start is left`);
  if (existsSync(join(dataDir, 'PG_VERSION'))) {
    t.notOk(existsSync(join(dataDir, 'postmaster.pid')), 'Postgres removed its pid file (it shut down, not killed)');
  }
  t.notOk(await listening(port), `nothing listens on the server port ${port}`);
  t.notOk(await listening(pgPort), `nothing listens on the Postgres port ${pgPort}`);
}

t.test('kill -TERM of npm start while the embedded Postgres initialises: exit 0, initdb ended, no process and no port left',
  (t) => scenario(t, 'starting'));
t.test('kill -TERM of npm start, once it serves (on the folder the interrupted initdb left): the same', (t) => scenario(t, 'serving'));
