// Brings a database to the current schema: graphile-migrate's committed migrations, graphile-worker's schema, then sql/functions.
import { fileURLToPath } from 'node:url';
import { Logger, migrate } from 'graphile-migrate';
import { Logger as WorkerLogger, runMigrations as runWorkerMigrations } from 'graphile-worker';
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
  await runWorkerMigrations({ connectionString: url, logger: workerLogger(opts.quiet ?? false) });
  const mod = await import(new URL('../scripts/apply-functions.mjs', import.meta.url).href);
  await mod.applyFunctions(url, { log });
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
