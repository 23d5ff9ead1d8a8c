// The connection pools (postgres.js) of every surface, each running as the database role of its surface.
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

export function createPool(url: string, opts: PoolOptions = {}): Sql {
  const role = opts.role === undefined ? SERVER_ROLE : opts.role;
  return postgres(url, {
    max: opts.max ?? 10,
    onnotice: () => {},
    // A refused or dead database answers within connect_timeout instead of queueing callers for 30 s.
    connect_timeout: 5,
    connection: {
      application_name: opts.applicationName ?? 'switchboard',
      ...(role ? { role } : {}),
      statement_timeout: opts.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: 60_000,
    },
  });
}

/**
 * The role a surface's pool should start as on this login: `role` itself when the login may take it (a member, or
 * a superuser, which is how the embedded Postgres and a developer's trust-auth login connect), else null: the login's
 * own grants, for a deployment that granted the surface roles to it directly (README, "Roles").
 */
export async function roleFor(url: string, role: string): Promise<string | null> {
  const probe = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
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
