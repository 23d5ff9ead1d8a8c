// Brings a database to the current schema: graphile-migrate's committed migrations, graphile-worker's schema, then sql/functions.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { defaultLogger, Logger } from 'graphile-migrate';
import { Logger as WorkerLogger, runMigrations } from 'graphile-worker';
import pg from 'pg';
import { resolvePrimaryUrl } from './db.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Committed migrations first (graphile-migrate, forward only), then graphile-worker's own schema (the
 * transitions' triggers call graphile_worker.add_job, so it must exist before any of them can run), then
 * every function file re-applied when their digest changed (scripts/apply-functions.mjs, shared with the
 * .gmrc action), then what any login could fill taken from PUBLIC (close_public_doors). Idempotent. Returns with
 * none of its connections open.
 */
export async function migrateDatabase(given: string, opts: { quiet?: boolean } = {}): Promise<void> {
  // graphile-migrate and graphile-worker's migrations take one host: a multi-host URL is resolved to its primary first.
  const url = await resolvePrimaryUrl(given);
  const log = opts.quiet ? () => {} : (msg: string) => process.stdout.write(`${msg}\n`);
  await graphileMigrate({
    connectionString: url,
    migrationsFolder: `${root}sql/migrations`,
    afterAllMigrations: [],
    logger: opts.quiet ? quietLogger() : undefined,
  });
  await migrateWorkerSchema(url, opts.quiet ?? false);
  const mod = await import(new URL('../scripts/apply-functions.mjs', import.meta.url).href);
  await mod.applyFunctions(url, { log });
  const left = await closePublicDoors(url);
  if (left.length > 0) {
    // Said even when quiet: the deployment is open to other logins until someone runs these.
    process.stderr.write(
      'switchboard: any login of this database can still fill the shared lock table or the disk ' +
        '(docs/security.md, "Any login of the database"); run as a superuser:\n' +
        left.map((s) => `  ${s};\n`).join(''),
    );
  }
}

/**
 * switchboard_internal.close_public_doors() as the migrating role: what it could not take from PUBLIC itself (the
 * statements a superuser must run), on every migrate, so a database restored from a dump (which keeps no database
 * privileges) or migrated first by a lesser role is closed, or said to be open, the next time.
 */
export async function closePublicDoors(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ stmt: string }>('select s as stmt from switchboard_internal.close_public_doors() s');
    return rows.map((r) => r.stmt);
  } finally {
    await client.end();
  }
}

/** What graphile-migrate's migrate() is given here: plain data that can cross to a worker thread, and a Logger that stays. */
export interface GraphileMigrateSettings {
  connectionString: string;
  migrationsFolder: string;
  afterAllMigrations?: unknown[];
  /** graphile-migrate's own console logger when absent. */
  logger?: Logger;
}

const migrateWorker = new URL('../scripts/graphile-migrate-worker.mjs', import.meta.url);

/**
 * graphile-migrate's migrate(), run in a worker thread (scripts/graphile-migrate-worker.mjs); resolves once the
 * migrations are committed and the thread has ended, so none of its connections is left open. graphile-migrate keeps a
 * pool per URL for 200 ms after the last use, and that pool's 'error' handler calls process.exit(1): a connection of it
 * cut meanwhile (the database dropped or stopped, a backend terminated) would end the whole process at a moment the
 * caller cannot see. In a worker thread process.exit() ends only that thread (Node's documented behaviour), which here
 * rejects this promise instead (or, once the migrations are done, is only logged). The worker is plain .mjs, the same
 * file from src/ run by tsx or tap and from the compiled dist/, so it gets no execArgv (no TS loader, no test preloads).
 */
export function graphileMigrate(settings: GraphileMigrateSettings): Promise<void> {
  const { logger = defaultLogger, ...data } = settings;
  return new Promise((resolve, reject) => {
    const worker = new Worker(migrateWorker, { workerData: { settings: data }, execArgv: [] });
    let outcome: { error?: Error } | undefined;
    let lastError = '';
    worker.on('message', (m: WorkerMessage) => {
      if (m.log) {
        relay(logger, m.log.level, m.log.message);
        if (m.log.level === 'error') lastError = m.log.message;
      } else if (m.done) {
        outcome = {};
      } else if (m.error) {
        outcome = { error: Object.assign(new Error(m.error.message), { code: m.error.code }) };
      }
    });
    // An exception nothing caught in the thread: 'exit' (code 1) follows.
    worker.on('error', (err) => {
      outcome ??= { error: err };
    });
    // Messages posted before the thread ended are delivered before 'exit'.
    worker.on('exit', (code) => {
      if (outcome && !outcome.error) resolve();
      else if (outcome?.error) reject(outcome.error);
      else reject(new Error(`graphile-migrate's thread ended (exit code ${code}) before its migrations did${lastError ? `: ${lastError}` : ''}`));
    });
  });
}

type WorkerMessage = {
  log?: { level: string; message: string };
  done?: true;
  error?: { message: string; code?: string };
};

function relay(logger: Logger, level: string, message: string): void {
  if (level === 'error') logger.error(message);
  else if (level === 'warning') logger.warn(message);
  else if (level === 'info') logger.info(message);
  else logger.debug(message);
}

/**
 * graphile-worker's schema, installed or upgraded over a pool of our own that is closed (awaited) before returning.
 * Given a connection string, graphile-worker makes a pool, removes its 'error' handlers and then ends it without
 * waiting: a connection of it cut while it closes would raise an unhandled 'error'.
 */
export async function migrateWorkerSchema(url: string, quiet: boolean): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  // A connection cut while idle is discarded by pg; one cut while in use fails its query, which rejects below.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    await runMigrations({ pgPool: pool, logger: workerLogger(quiet) });
  } finally {
    await pool.end();
  }
}

function quietLogger(): Logger {
  // Only errors reach stderr; "Running migration ..." chatter is dropped.
  return new Logger(() => (level, message) => {
    if (level === 'error') process.stderr.write(`${message}\n`);
  });
}

function workerLogger(quiet: boolean): WorkerLogger {
  return new WorkerLogger(() => (level, message) => {
    if (level === 'error') process.stderr.write(`${message}\n`);
    else if (!quiet) process.stdout.write(`${message}\n`);
  });
}
