// The first `npm start` (embedded Postgres, initdb) never puts the superuser's password where another local user can
// read it: a watcher on the OS temp folder, as a local attacker would run, never sees it; the only file that holds it
// while initdb runs is in a folder of mode 0700 beside the data folder, removed afterwards; and the password then
// logs in, with SCRAM.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import t from 'tap';
import { CLI } from '../cli/run.js';
import { freePort } from '../helpers/net.js';


interface Seen {
  /** Every file's contents, by path, as read while it existed. */
  contents: Map<string, Set<string>>;
  /** The modes of the private initdb folders and their files, as seen. */
  modes: Map<string, number>;
}

/** Reads every file under `dir` (one level of folders deep), as often as it can, until stopped. */
function watch(dir: string, seen: Seen): () => void {
  let stopped = false;
  const look = () => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      try {
        const st = statSync(path);
        if (st.isDirectory()) {
          if (name.startsWith('.switchboard-initdb-')) seen.modes.set(path, st.mode & 0o777);
          for (const inner of readdirSync(path)) {
            const p = join(path, inner);
            const ist = statSync(p);
            if (name.startsWith('.switchboard-initdb-')) seen.modes.set(p, ist.mode & 0o777);
            if (ist.isFile()) {
              const set = seen.contents.get(p) ?? new Set();
              set.add(readFileSync(p, 'utf8'));
              seen.contents.set(p, set);
            }
          }
        } else if (st.isFile()) {
          const set = seen.contents.get(path) ?? new Set();
          set.add(readFileSync(path, 'utf8'));
          seen.contents.set(path, set);
        }
      } catch {
        // gone between the listing and the read
      }
    }
  };
  const loop = () => {
    if (stopped) return;
    look();
    setImmediate(loop);
  };
  loop();
  return () => {
    stopped = true;
  };
}

t.test('the first start keeps the superuser password out of the temp folder, and in a private folder while initdb runs', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'h2-pw-'));
  chmodSync(dir, 0o755); // as root, Postgres runs as the postgres user, which must reach the data folder
  const shared = join(dir, 'tmp'); // the OS temp folder the started process sees (TMPDIR)
  mkdirSync(shared);
  chmodSync(shared, 0o1777);
  const parent = join(dir, 'data');
  const dataDir = join(parent, 'pg');
  let child: ChildProcess | null = null;
  t.teardown(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    try {
      process.kill(Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGKILL');
    } catch {
      // not running
    }
    rmSync(dir, { recursive: true, force: true });
  });
  mkdirSync(parent);
  chmodSync(parent, 0o755);

  const seenShared: Seen = { contents: new Map(), modes: new Map() };
  const seenBeside: Seen = { contents: new Map(), modes: new Map() };
  const stops = [watch(shared, seenShared), watch(parent, seenBeside)];

  const [pgPort, port] = [await freePort(), await freePort()];
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: shared, SWITCHBOARD_DATA_DIR: dataDir,
    SWITCHBOARD_PG_PORT: String(pgPort), SWITCHBOARD_PORT: String(port) };
  const c = spawn(process.execPath, [CLI, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child = c;
  // The start writes nothing to the temp folder (it runs initdb itself): this file shows the watcher looking there
  // from the spawn (before initdb) to once the start is up.
  const canary = join(shared, 'watcher-canary');
  writeFileSync(canary, 'at spawn');
  let out = '';
  c.stdout!.on('data', (d) => (out += d));
  c.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => c.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (out.includes('Stop with Ctrl-C.')) resolve();
      else if (c.exitCode !== null) reject(new Error(`start exited ${c.exitCode}:\n${out}`));
      else setTimeout(check, 100);
    };
    check();
  });
  writeFileSync(canary, 'once up');
  // The watcher's next look is queued before this immediate: it reads the file again before it stops.
  await new Promise((resolve) => setImmediate(resolve));
  for (const stop of stops) stop();

  const password = readFileSync(join(dataDir, 'switchboard-superuser.password'), 'utf8').trim();
  t.match(password, /^[\w-]{32}$/, 'a generated password is kept in the data folder');

  const leaked = [...seenShared.contents].filter(([, texts]) => [...texts].some((x) => x.includes(password)));
  t.same(leaked.map(([p]) => p), [], 'no file in the temp folder ever held the password');
  t.same([...(seenShared.contents.get(canary) ?? [])].sort(), ['at spawn', 'once up'],
    'the watcher saw the temp folder from the spawn to the start being up (it was looking)');
  t.same([...seenShared.contents.keys()].filter((p) => p !== canary), [], 'and the start wrote no file there at all');

  const holders = [...seenBeside.contents].filter(([p, texts]) => p.includes('.switchboard-initdb-') && [...texts].some((x) => x.includes(password)));
  t.ok(holders.length > 0, 'initdb read the password from a file beside the data folder');
  for (const [p] of holders) {
    t.equal(seenBeside.modes.get(p), 0o600, `${p.slice(dir.length)} was readable by its owner only`);
    const folder = p.slice(0, p.lastIndexOf('/'));
    t.equal(seenBeside.modes.get(folder), 0o700, 'in a folder only its owner may enter');
    t.notOk(existsSync(folder), 'and that folder is gone once initdb is done');
  }
  t.same(readdirSync(parent), ['pg'], 'nothing but the data folder is left beside it');

  const admin = postgres(`postgres://postgres@127.0.0.1:${pgPort}/switchboard`, { password, max: 1, onnotice: () => {} });
  const [{ method }] = await admin<{ method: string }[]>`select auth_method as method from pg_hba_file_rules where 'all' = any(user_name) and type = 'host' limit 1`;
  await admin.end();
  t.equal(method, 'scram-sha-256', 'the password logs in, over SCRAM');

  c.kill('SIGTERM');
  t.equal(await exited, 0, 'and the server stops cleanly');
});
