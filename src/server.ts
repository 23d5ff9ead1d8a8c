// The HTTP server: the front door, /mcp (Streamable HTTP), /a2a and the agent card, /healthz, whatever the mount
// hooks add, and graceful shutdown.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import express, { type Express } from 'express';
import { type Config, loadConfig, requireDatabaseUrl } from './config.js';
import type { AppContext } from './context.js';
import { assertNotAdmin, createPool, roleFor, SERVER_ROLE, type Sql } from './db.js';
import { closeDoorbell, listenState, serverDoorbell } from './doorbell.js';
import { FrontDoor } from './http/door.js';
import { hostCheck } from './http/host-check.js';
import { onClose } from './http/on-close.js';
import { createLedger } from './ledger.js';
import { createLogger, type Logger, safeError } from './log.js';
import { type McpHttp, mountMcp } from './mcp/http.js';
import { type A2aHttp, mountA2a } from './a2a/mount.js';

/** Adds routes to the app (metrics, the Board). Called after /mcp and /healthz are mounted; ctx.door is set. */
export type MountHook = (app: Express, ctx: AppContext & { door: FrontDoor }) => void;

export interface ServerOptions {
  config?: Config;
  /** Host and port to listen on; default config SWITCHBOARD_HOST / SWITCHBOARD_PORT. Port 0 picks a free one. */
  host?: string;
  port?: number;
  /** A pool to use instead of opening one on config.DATABASE_URL; the server then leaves it open on stop. */
  sql?: Sql;
  log?: Logger;
  mount?: MountHook[];
  /** Run after the server listens (start the worker here). */
  onStart?: (ctx: AppContext) => Promise<void> | void;
  /** Run on stop after HTTP has drained and before the pool closes (stop the worker here). */
  onStop?: (ctx: AppContext) => Promise<void> | void;
}

export interface RunningServer {
  ctx: AppContext;
  app: Express;
  http: Server;
  host: string;
  port: number;
  /** Base URL, e.g. http://127.0.0.1:7400 */
  url: string;
  /** What /mcp keeps (its credential cache). */
  mcp: McpHttp;
  /** The front door: its limits, lanes and counts. */
  door: FrontDoor;
  /** The A2A surface's followers (streams and blocking sends). */
  a2a: A2aHttp;
  /**
   * Stops accepting connections, lets in-flight requests finish (up to graceMs), runs onStop, then closes the pool
   * it opened. Idempotent.
   */
  stop(graceMs?: number): Promise<void>;
}

/** The server's pool: as switchboard_server where the login may take it, and refused if it could run the admin API. */
async function openServerPool(config: Config): Promise<Sql> {
  const url = requireDatabaseUrl(config);
  const sql = createPool(url, { max: config.SWITCHBOARD_DB_POOL_MAX, role: await roleFor(url, SERVER_ROLE) });
  try {
    await assertNotAdmin(sql);
  } catch (e) {
    await sql.end({ timeout: 2 });
    throw e;
  }
  return sql;
}

/** The first X-Forwarded-Proto value, lower-cased (only believed under SWITCHBOARD_TRUST_PROXY). */
export function forwardedProto(req: IncomingMessage): string | null {
  const v = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim().toLowerCase();
  return first || null;
}

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const config = opts.config ?? loadConfig();
  const log = opts.log ?? createLogger({ level: config.LOG_LEVEL });
  const sql = opts.sql ?? (await openServerPool(config));
  const door = new FrontDoor(config, log);
  const ctx = { sql, ledger: createLedger(sql), log, config, door } satisfies AppContext;
  const host = opts.host ?? config.SWITCHBOARD_HOST;

  const app = express();
  app.disable('x-powered-by');
  const trustProxy = config.SWITCHBOARD_TRUST_PROXY;
  // Behind the trusted proxy, req.ip is the client the proxy forwards (the last X-Forwarded-For entry it added).
  app.set('trust proxy', trustProxy ? 1 : false);
  const publicUrl = config.SWITCHBOARD_PUBLIC_URL ? new URL(config.SWITCHBOARD_PUBLIC_URL) : null;
  const hosts = hostCheck(host, publicUrl?.hostname ?? null);
  const publicHttps = publicUrl?.protocol === 'https:';

  let inFlight = 0;
  let drained: (() => void) | null = null;
  // Set once /mcp is mounted (below): a POST to /mcp is served on node:http, without Express.
  let mcpServe: McpHttp['serve'] = () => false;
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    // Served over https (SWITCHBOARD_PUBLIC_URL, or the trusted proxy says so): browsers keep to https from now on.
    if (publicHttps || (trustProxy && forwardedProto(req) === 'https')) {
      res.setHeader('strict-transport-security', 'max-age=31536000');
    }
    inFlight++;
    onClose(res, () => {
      inFlight--;
      if (inFlight === 0 && drained) drained();
    });
    if (hosts && !hosts(req, res)) return;
    if (!mcpServe(req, res)) app(req, res);
  };

  // The doorbell LISTENs from the start (not at the first long poll), so /healthz can tell when it has gone deaf.
  const startBell = () =>
    serverDoorbell({ sql, config, log }).catch((err: unknown) => {
      log.warn({ err: safeError(err) }, 'doorbell: cannot LISTEN yet; retrying at the next /healthz');
    });
  if (!opts.sql) void startBell();
  // 200 only with a writable primary behind the pool and the doorbell's LISTEN hearing; 503 otherwise (a failover in
  // progress, a standby, the database gone), and 200 again by itself once the pool and LISTEN have reconnected.
  app.get('/healthz', async (_req, res) => {
    let database: 'primary' | 'read_only' | 'unreachable' = 'unreachable';
    try {
      // Bounded: a database that does not answer in 5 s is unreachable as far as a load balancer is concerned.
      const [r] = await Promise.race([
        sql<{ writable: boolean }[]>`
          select not pg_catalog.pg_is_in_recovery() and current_setting('transaction_read_only') = 'off' as writable`,
        sleep(5_000).then(() => {
          throw Object.assign(new Error('healthz: no answer from the database in 5 s'), { code: 'CONNECT_TIMEOUT' });
        }),
      ]);
      database = r.writable ? 'primary' : 'read_only';
    } catch (err) {
      log.warn({ err: safeError(err) }, 'healthz: database unreachable');
    }
    let listen = await listenState(sql);
    if (listen === 'none' && !opts.sql && database === 'primary') {
      await startBell();
      listen = await listenState(sql);
    }
    const ok = database === 'primary' && listen !== 'down';
    res.status(ok ? 200 : 503).json({ ok, database, listen });
  });
  const mcp = mountMcp(app, ctx);
  mcpServe = mcp.serve;
  const a2a = mountA2a(app, ctx);
  for (const hook of opts.mount ?? []) hook(app, ctx);

  const http = await new Promise<Server>((resolve, reject) => {
    // A client gets this long to send its headers, and its whole request; a half-sent request is dropped (checked
    // every second), so slow or idle clients cannot hold connections until the descriptors run out.
    const timeoutMs = config.SWITCHBOARD_HEADERS_TIMEOUT * 1000;
    const s = createServer({ headersTimeout: timeoutMs, requestTimeout: timeoutMs, connectionsCheckingInterval: 1000 }, listener);
    // Beyond the cap a new connection is closed at once instead of taking a descriptor and memory.
    s.maxConnections = config.SWITCHBOARD_MAX_CONNECTIONS;
    door.watch(s);
    s.once('error', reject);
    s.listen(opts.port ?? config.SWITCHBOARD_PORT, host, () => resolve(s));
  });
  const port = (http.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  log.info({ url: `${url}/mcp` }, 'switchboard listening');
  await opts.onStart?.(ctx);

  let stopping: Promise<void> | null = null;
  async function stop(graceMs = 8000): Promise<void> {
    stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      // Long-poll claim_next calls answer {"empty": true} now instead of holding the drain for their whole wait.
      await closeDoorbell(sql);
      // A2A streams and blocking sends end now too (each answers what it has).
      await a2a.close();
      // In-flight requests (tool calls) finish; those still open after the grace are cut.
      if (inFlight > 0) {
        await Promise.race([
          new Promise<void>((resolve) => (drained = resolve)),
          new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref()),
        ]);
      }
      await door.close();
      http.closeAllConnections();
      await closed;
      try {
        await opts.onStop?.(ctx);
      } finally {
        if (!opts.sql) await sql.end({ timeout: 2 });
        log.info('switchboard stopped');
      }
    })();
    return stopping;
  }

  return { ctx, app, http, host, port, url, mcp, door, a2a, stop };
}
