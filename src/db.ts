// The connection pool (postgres.js) every surface shares.
import postgres from 'postgres';

export type Sql = postgres.Sql;

/** The role every API call runs as: it may execute the public switchboard.* functions and read no table. */
export const APP_ROLE = 'switchboard_app';

export function createPool(url: string, opts: { max?: number } = {}): Sql {
  return postgres(url, {
    max: opts.max ?? 10,
    onnotice: () => {},
    // Whatever login DATABASE_URL names (it must be a member of switchboard_app, or a superuser), each session
    // starts as switchboard_app via the `role` startup parameter, so a bug here cannot touch a table directly.
    // A refused or dead database answers within connect_timeout instead of queueing callers for 30 s.
    connect_timeout: 5,
    connection: { application_name: 'switchboard', role: APP_ROLE },
  });
}
