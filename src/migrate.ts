// Brings a database to the current schema: graphile-migrate's committed migrations, graphile-worker's schema, then sql/functions.
import { fileURLToPath } from 'node:url';
import { Logger, migrate } from 'graphile-migrate';
import { Logger as WorkerLogger, runMigrations } from 'graphile-worker';
import pg from 'pg';
import { resolvePrimaryUrl } from './db.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Committed migrations first (graphile-migrate, forward only), then graphile-worker's own schema (the
 * transitions' triggers call graphile_worker.add_job, so it must exist before any of them can run), then
 * every function file re-applied when their digest changed (scripts/apply-functions.mjs, shared with the
 * .gmrc action). Idempotent.
 */
export async function migrateDatabase(given: string, opts: { quiet?: boolean } = {}): Promise<void> {
  // graphile-migrate and graphile-worker's migrations take one host: a multi-host URL is resolved to its primary first.
  const url = await resolvePrimaryUrl(given);
  const log = opts.quiet ? () => {} : (msg: string) => process.stdout.write(`${msg}\n`);
  const settings = {
    connectionString: url,
    migrationsFolder: `${root}sql/migrations`,
    afterAllMigrations: [],
    logger: opts.quiet ? quietLogger() : undefined,
  };
  await migrate(settings as Parameters<typeof migrate>[0], false, false);
  await migrateWorkerSchema(url, opts.quiet ?? false);
  const mod = await import(new URL('../scripts/apply-functions.mjs', import.meta.url).href);
  await mod.applyFunctions(url, { log });
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
