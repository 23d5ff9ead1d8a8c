// The connection pool (postgres.js) every surface shares.
import postgres from 'postgres';

export type Sql = postgres.Sql;

export function createPool(url: string, opts: { max?: number } = {}): Sql {
  return postgres(url, {
    max: opts.max ?? 10,
    onnotice: () => {},
    connection: { application_name: 'switchboard' },
  });
}
