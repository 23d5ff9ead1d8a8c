// The connection pools (postgres.js) of every surface, each running as the database role of its surface.
import postgres from 'postgres';

export type Sql = postgres.Sql;

/**
 * The NOLOGIN roles of migration 000008. `serve` runs as SERVER_ROLE (agent + Board + worker, never admin): it
 * may execute only the entry points that take an agent's credential or a Board session secret, plus the worker's
 * sweeps, and read no table. The CLI's admin commands run as ADMIN_ROLE, the worker alone as WORKER_ROLE.
 */
export const SERVER_ROLE = 'switchboard_server';
export const ADMIN_ROLE = 'switchboard_admin';
export const WORKER_ROLE = 'switchboard_worker';
export const AGENT_ROLE = 'switchboard_agent';
export const BOARD_ROLE = 'switchboard_board';

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
  application?: string;
}

export function createPool(url: string, opts: PoolOptions = {}): Sql {
  const role = opts.role === undefined ? SERVER_ROLE : opts.role;
  return postgres(url, {
    max: opts.max ?? 10,
    onnotice: () => {},
    // A refused or dead database answers within connect_timeout instead of queueing callers for 30 s.
    connect_timeout: 5,
    connection: {
      application_name: opts.application ?? 'switchboard',
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

/** Thrown when the server's own connection could run the admin API: serve never runs with admin power. */
export class AdminPowerRefused extends Error {}

/** Refuses a pool that may execute switchboard.add_owner (an admin or superuser session). */
export async function assertNotAdmin(sql: Sql): Promise<void> {
  const [r] = await sql<{ admin: boolean; su: boolean }[]>`
    select coalesce((select has_schema_privilege(n.oid, 'USAGE') and has_function_privilege(p.oid, 'EXECUTE')
                       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                      where n.nspname = 'switchboard' and p.proname = 'add_owner' limit 1), false) as admin,
           (select rolsuper from pg_roles where rolname = current_user) as su`;
  if (r.admin || r.su) {
    throw new AdminPowerRefused(
      'the server\'s database login can run the admin API (switchboard_admin or a superuser); serve runs only with ' +
        'switchboard_agent, switchboard_board and switchboard_worker. Grant those to a login of its own (README, "Roles").',
    );
  }
}
