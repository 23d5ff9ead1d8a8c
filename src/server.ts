// The HTTP server: /mcp (Streamable HTTP), /healthz, whatever the mount hooks add, and graceful shutdown.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostHeaderValidation, localhostHostValidation } from '@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js';
import express, { type Express } from 'express';
import { type Config, loadConfig, requireDatabaseUrl } from './config.js';
import type { AppContext } from './context.js';
import { assertNotAdmin, createPool, roleFor, SERVER_ROLE, type Sql } from './db.js';
import { closeDoorbell } from './doorbell.js';
import { createLedger } from './ledger.js';
import { createLogger, type Logger } from './log.js';
import { refusedSignals } from './signals.js';
import { isMcpPath, type McpHttp, mountMcp } from './mcp/http.js';

/** Adds routes to the app (metrics, the Board). Called after /mcp and /healthz are mounted. */
export type MountHook = (app: Express, ctx: AppContext) => void;

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
  /** The MCP sessions and the per-credential gate. */
  mcp: McpHttp;
  /**
   * Stops accepting connections, lets in-flight requests finish (up to graceMs), closes the MCP sessions,
   * runs onStop, then closes the pool it opened. Idempotent.
   */
  stop(graceMs?: number): Promise<void>;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

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
  const ctx: AppContext = { sql, ledger: createLedger(sql), log, config };
  const host = opts.host ?? config.SWITCHBOARD_HOST;

  const app = express();
  app.disable('x-powered-by');
  const publicUrl = config.SWITCHBOARD_PUBLIC_URL ? new URL(config.SWITCHBOARD_PUBLIC_URL) : null;
  const publicHost = publicUrl?.hostname ?? null;
  // Bound to loopback, a browser page on another origin must not reach us through DNS rebinding: the Host header
  // must name the loopback, or the host of SWITCHBOARD_PUBLIC_URL (a reverse proxy on this machine passing the Host
  // on). The SDK's middleware, for every route.
  if (LOCAL_HOSTS.has(host)) {
    app.use(publicHost ? hostHeaderValidation(['127.0.0.1', 'localhost', '[::1]', publicHost]) : localhostHostValidation());
  }
  const publicHttps = publicUrl?.protocol === 'https:';
  const trustProxy = config.SWITCHBOARD_TRUST_PROXY;

  let inFlight = 0;
  let drained: (() => void) | null = null;
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    // Served over https (SWITCHBOARD_PUBLIC_URL, or the trusted proxy says so): browsers keep to https from now on.
    if (publicHttps || (trustProxy && forwardedProto(req) === 'https')) {
      res.setHeader('strict-transport-security', 'max-age=31536000');
    }
    const mcpPath = isMcpPath(req.url);
    // A GET on /mcp is a session's standing event stream, not a call: it is closed with the sessions.
    if (!(req.method === 'GET' && mcpPath)) {
      inFlight++;
      res.once('close', () => {
        inFlight--;
        if (inFlight === 0 && drained) drained();
      });
    }
    app(req, res);
  };

  app.get('/healthz', async (_req, res) => {
    try {
      await sql`select 1`;
      res.json({ ok: true });
    } catch (err) {
      log.warn({ err }, 'healthz: database unreachable');
      res.status(503).json({ ok: false });
    }
  });
  const mcp = mountMcp(app, ctx);
  const mcpStats = () => ({ sessions: mcp.sessionCount(), recycled: { ...mcp.recycled }, throttled: { ...mcp.throttled },
    signalsRefused: refusedSignals(sql) });
  for (const hook of opts.mount ?? []) hook(app, { ...ctx, mcpStats });

  const http = await new Promise<Server>((resolve, reject) => {
    // A client gets this long to send its headers, and its whole request; a half-sent request is dropped (checked
    // every second), so slow or idle clients cannot hold connections until the descriptors run out.
    const timeoutMs = config.SWITCHBOARD_HEADERS_TIMEOUT * 1000;
    const s = createServer({ headersTimeout: timeoutMs, requestTimeout: timeoutMs, connectionsCheckingInterval: 1000 }, listener);
    // Beyond the cap a new connection is closed at once instead of taking a descriptor and memory.
    s.maxConnections = config.SWITCHBOARD_MAX_CONNECTIONS;
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
      // In-flight requests (tool calls) finish; only then are the sessions and their streams closed.
      if (inFlight > 0) {
        await Promise.race([
          new Promise<void>((resolve) => (drained = resolve)),
          new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref()),
        ]);
      }
      await mcp.closeAll();
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

  return { ctx, app, http, host, port, url, mcp, stop };
}
