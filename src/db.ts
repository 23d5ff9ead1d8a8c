// The connection pools (postgres.js) of every surface, each running as the database role of its surface.
import pg from 'pg';
import postgres from 'postgres';

export type Sql = postgres.Sql;

/**
 * The NOLOGIN roles of migration 000008 (and METRICS_ROLE). `serve`'s request pool runs as SERVER_ROLE (agent + Board
 * + metrics, never admin, never worker): it may execute only the entry points that take an agent's credential or a
 * Board session secret, and read no table. Its /metrics connection runs as METRICS_ROLE, its in-process worker on a
 * pool of its own as WORKER_ROLE; the CLI's admin commands run as ADMIN_ROLE.
 */
export const SERVER_ROLE = 'switchboard_server';
export const ADMIN_ROLE = 'switchboard_admin';
export const WORKER_ROLE = 'switchboard_worker';
export const AGENT_ROLE = 'switchboard_agent';
export const BOARD_ROLE = 'switchboard_board';
export const METRICS_ROLE = 'switchboard_metrics';

/** How long one statement may run before Postgres cancels it (57014), so a slow database fails calls, not piles them. */
export const STATEMENT_TIMEOUT_MS = 15_000;

export interface PoolOptions {
  max?: number;
  statementTimeoutMs?: number;
  /**
   * The role every session starts as (the `role` startup parameter, so RESET ROLE keeps it): default SERVER_ROLE.
   * null keeps the login's own privileges (a deployment login granted exactly its surface roles).
   */
  role?: string | null;
  applicationName?: string;
}

/** The URL each pool of createPool was opened on: the doorbell opens its own LISTEN connection there. */
const poolUrls = new WeakMap<Sql, string>();

/** The URL `sql` was opened on by createPool (postgresJsUrl applied), or undefined for a pool made elsewhere. */
export function urlOfPool(sql: Sql): string | undefined {
  return poolUrls.get(sql);
}

/**
 * Options every long-lived postgres.js client of the server and the worker takes. fetch_types off: with it on (the
 * default) each new connection first reads the array types from pg_catalog in a query whose failure postgres.js
 * 3.4 never handles (porsager/postgres#1192, #1223), so a connection terminated or cancelled during it (a restart, a
 * failover, pg_terminate_backend, statement_timeout) is an unhandled rejection and Node ends the process. Without the
 * types postgres.js cannot write a JS array as a parameter (pass pgTextArray(xs)::text[] instead) nor read a column of
 * an array type (it comes back as its text): every answer of the SQL API is jsonb or a scalar.
 */
export const LONG_LIVED = { fetch_types: false } as const;

/**
 * A text[] parameter as PostgreSQL's array literal (every element double-quoted, `\` and `"` escaped), for clients
 * with fetch_types off (LONG_LIVED); null stays null.
 */
export function pgTextArray(xs: readonly string[] | null | undefined): string | null {
  if (xs === null || xs === undefined) return null;
  return `{${xs.map((x) => `"${x.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

/**
 * A postgres.js pool. postgres.js discards a connection on its first error (a terminated backend, a reset socket) and
 * opens a new one on the next call, so a pool outlives a restart of its database; a multi-host URL reaches the primary
 * (postgresJsUrl).
 */
export function createPool(url: string, opts: PoolOptions = {}): Sql {
  const role = opts.role === undefined ? SERVER_ROLE : opts.role;
  const target = postgresJsUrl(url);
  const pool = postgres(target, {
    max: opts.max ?? 10,
    onnotice: () => {},
    ...LONG_LIVED,
    // A refused or dead database answers within connect_timeout instead of queueing callers for 30 s.
    connect_timeout: 5,
    connection: {
      application_name: opts.applicationName ?? 'switchboard',
      ...(role ? { role } : {}),
      statement_timeout: opts.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: 60_000,
    },
  });
  poolUrls.set(pool, target);
  return pool;
}

/**
 * The role a surface's pool should start as on this login: `role` itself when the login may take it (a member, or
 * a superuser, which is how the embedded Postgres and a developer's trust-auth login connect), else null: the login's
 * own grants, for a deployment that granted the surface roles to it directly (README, "Roles").
 */
export async function roleFor(url: string, role: string): Promise<string | null> {
  const probe = postgres(postgresJsUrl(url), { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const [r] = await probe<{ member: boolean }[]>`
      select coalesce(pg_has_role(current_user, ${role}, 'MEMBER'), false) as member
        from pg_roles where rolname = ${role}
      union all select false limit 1`;
    return r.member ? role : null;
  } finally {
    await probe.end({ timeout: 2 });
  }
}

/** Thrown when the server's request pool could run the admin API or the worker's functions. */
export class AdminPowerRefused extends Error {}

/**
 * Refuses a request pool that may execute switchboard.add_owner (an admin or superuser session) or the worker's
 * functions (switchboard_worker.reap): serve answers tenants with agent + Board only, and runs its worker, when it runs
 * one, on a pool of its own.
 */
export async function assertNotAdmin(sql: Sql): Promise<void> {
  const [r] = await sql<{ admin: boolean; worker: boolean; su: boolean }[]>`
    select coalesce((select has_schema_privilege(n.oid, 'USAGE') and has_function_privilege(p.oid, 'EXECUTE')
                       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                      where n.nspname = 'switchboard' and p.proname = 'add_owner' limit 1), false) as admin,
           coalesce((select has_schema_privilege(n.oid, 'USAGE') and has_function_privilege(p.oid, 'EXECUTE')
                       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                      where n.nspname = 'switchboard_worker' and p.proname = 'reap' limit 1), false) as worker,
           (select rolsuper from pg_roles where rolname = current_user) as su`;
  if (r.admin || r.su) {
    throw new AdminPowerRefused(
      'the server\'s database login can run the admin API (switchboard_admin or a superuser); serve answers requests ' +
        'only with switchboard_server (switchboard_agent, switchboard_board and switchboard_metrics). Grant those to a ' +
        'login of its own (docs/security.md).',
    );
  }
  if (r.worker) {
    throw new AdminPowerRefused(
      "the server's request pool can run the worker's functions (switchboard_worker): serve answers requests only with " +
        'switchboard_server (switchboard_agent, switchboard_board and switchboard_metrics) and runs its worker on a pool ' +
        'of its own. Grant switchboard_server to this login (and switchboard_worker beside it, for the in-process ' +
        'worker), instead of switchboard_worker with the surface roles directly (docs/security.md).',
    );
  }
}

/** One host of a (possibly multi-host) postgres:// URL. */
export interface UrlHost {
  host: string;
  port: string;
}

/** A postgres:// URL split where libpq splits it: `postgres://[userinfo@]h1[:p1],h2[:p2]/db?params`. */
export interface ParsedUrl {
  scheme: string;
  userinfo: string | null;
  hosts: UrlHost[];
  /** The path and query after the host list, verbatim ('' or '/db?…'). */
  rest: string;
  params: URLSearchParams;
}

const URL_SHAPE = /^(postgres(?:ql)?):\/\/(?:([^@/?#]*)@)?([^/?#]*)(.*)$/;

/** Splits a postgres:// URL, multi-host included (libpq's form); null when it is not one. */
export function parseDatabaseUrl(url: string): ParsedUrl | null {
  const m = URL_SHAPE.exec(url);
  if (!m) return null;
  const [, scheme, userinfo, hostlist, rest] = m;
  const hosts: UrlHost[] = [];
  for (const part of hostlist.split(',')) {
    const h = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(part);
    if (!h) return null;
    hosts.push({ host: h[1], port: h[2] ?? '' });
  }
  const q = rest.indexOf('?');
  return { scheme, userinfo: userinfo ?? null, hosts, rest, params: new URLSearchParams(q >= 0 ? rest.slice(q + 1) : '') };
}

/** The URL of one host of a parsed URL (userinfo, database and parameters kept). */
export function urlForHost(p: ParsedUrl, h: UrlHost): string {
  return `${p.scheme}://${p.userinfo !== null ? `${p.userinfo}@` : ''}${h.host}${h.port ? `:${h.port}` : ''}${p.rest}`;
}

/**
 * The URL postgres.js is given. For a multi-host URL, target_session_attrs `read-write` (or none) becomes `primary`:
 * postgres.js 3.4.9 decides read-write from default_transaction_read_only alone, which a hot standby reports `off`, so
 * it would settle on a standby; `primary` checks in_hot_standby (pg_is_in_recovery()), which is what libpq's read-write
 * amounts to for Switchboard (a primary whose default_transaction_read_only is on could not serve it either).
 */
export function postgresJsUrl(url: string): string {
  const p = parseDatabaseUrl(url);
  if (!p || p.hosts.length < 2) return url;
  const attrs = p.params.get('target_session_attrs');
  if (attrs !== null && attrs !== 'read-write' && attrs !== 'any') return url;
  p.params.set('target_session_attrs', 'primary');
  const q = p.rest.indexOf('?');
  return urlForHost({ ...p, rest: `${q >= 0 ? p.rest.slice(0, q) : p.rest}?${p.params.toString()}` }, { host: p.hosts.map((h) => (h.port ? `${h.host}:${h.port}` : h.host)).join(','), port: '' });
}

/** Thrown when no host of a multi-host URL is a primary now: 25006 maps to `unavailable` (errors.ts). */
export class NoPrimaryError extends Error {
  readonly code = '25006';
  constructor(hosts: UrlHost[]) {
    super(`no primary among ${hosts.map((h) => `${h.host}:${h.port || 5432}`).join(', ')} (all unreachable or in recovery)`);
  }
}

/** The single-host URL of the first host that answers and is not in recovery (each probed with node-postgres). */
export async function resolvePrimaryUrl(url: string): Promise<string> {
  const p = parseDatabaseUrl(url);
  if (!p || p.hosts.length < 2) return url;
  for (const h of p.hosts) {
    const one = urlForHost(p, h);
    const probe = new pg.Client({ connectionString: one, connectionTimeoutMillis: 5000 });
    probe.on('error', () => {});
    try {
      await probe.connect();
      const r = await probe.query<{ standby: boolean }>('select pg_catalog.pg_is_in_recovery() as standby');
      if (!r.rows[0].standby) return one;
    } catch {
      // unreachable: try the next host
    } finally {
      await probe.end().catch(() => {});
    }
  }
  throw new NoPrimaryError(p.hosts);
}

export interface PgPoolOptions {
  max: number;
  role: string | null;
  applicationName: string;
}

/**
 * A node-postgres Pool (for graphile-worker's `pgPool` option) that survives the database going away and reaches the
 * primary of a multi-host URL. node-postgres takes one host only, so the pool gets a Client class of its own (pg-pool's
 * documented `Client` option) whose connect() first resolves the primary (resolvePrimaryUrl) and then connects there:
 * every new connection follows a failover. 'error' handlers on the pool and on every client (from its construction) log
 * and let pg discard the broken connection instead of an unhandled 'error' ending the process.
 */
export function primaryPgPool(url: string, opts: PgPoolOptions, onError: (err: Error) => void): pg.Pool {
  const multi = (parseDatabaseUrl(url)?.hosts.length ?? 1) > 1;
  const extra = { application_name: opts.applicationName, ...(opts.role ? { options: `-c role=${opts.role}` } : {}) };
  class PrimaryClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // From birth, not from the pool's 'connect' event: this connect() hands pg-pool its callback a microtask after
      // ReadyForQuery, and a FATAL read in the same chunk (pg_terminate_backend, a shutdown) is emitted in between,
      // before pg-pool has put its listener on: an 'error' without a listener would end the process.
      this.on('error', onError);
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    override connect(callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): Promise<pg.Client> | void {
      const done = (async () => {
        if (multi) {
          const target = parseDatabaseUrl(await resolvePrimaryUrl(url))!.hosts[0];
          this.host = target.host.replace(/^\[(.*)\]$/, '$1');
          this.port = Number(target.port || 5432);
        }
        await super.connect();
        return this as pg.Client;
      })();
      if (!callback) return done;
      const cb = callback as (err: Error | null, c?: pg.Client) => void;
      done.then((c) => cb(null, c), (e: Error) => cb(e));
    }
  }
  const first = multi ? urlForHost(parseDatabaseUrl(url)!, parseDatabaseUrl(url)!.hosts[0]) : url;
  const pool = new pg.Pool({ connectionString: first, max: opts.max, connectionTimeoutMillis: 10_000, Client: PrimaryClient, ...extra });
  pool.on('error', onError);
  // graphile-worker reads a 'connect' listener as the sign that checked-out clients have an 'error' listener, and
  // without one warns at every start ("Your pool doesn't have all of the error handlers!") and adds its own. Ours
  // listen from construction (above); this one only covers a client some other code built.
  pool.on('connect', (client) => {
    if (client.listenerCount('error') === 0) client.on('error', onError);
  });
  return pool;
}
