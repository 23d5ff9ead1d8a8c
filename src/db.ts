// The connection pool (postgres.js) every surface shares.
import postgres from 'postgres';

export type Sql = postgres.Sql;

/** The role every API call runs as: it may execute the public switchboard.* functions and read no table. */
export const APP_ROLE = 'switchboard_app';

/** How long one statement may run before Postgres cancels it (57014), so a slow database fails calls, not piles them. */
export const STATEMENT_TIMEOUT_MS = 15_000;

export function createPool(url: string, opts: { max?: number; statementTimeoutMs?: number; applicationName?: string } = {}): Sql {
  return postgres(url, {
    max: opts.max ?? 10,
    onnotice: () => {},
    // Whatever login DATABASE_URL names (it must be a member of switchboard_app, or a superuser), each session
    // starts as switchboard_app via the `role` startup parameter, so a bug here cannot touch a table directly.
    // A refused or dead database answers within connect_timeout instead of queueing callers for 30 s.
    connect_timeout: 5,
    connection: {
      application_name: opts.applicationName ?? 'switchboard',
      role: APP_ROLE,
      statement_timeout: opts.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: 60_000,
    },
  });
}
