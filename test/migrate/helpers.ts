// A database of its own at the schema of before a migration: the committed migrations older than it, run by
// graphile-migrate from a copy of them, so a test can fill it as it was and then migrate it across.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Logger } from 'graphile-migrate';
import postgres from 'postgres';
import { graphileMigrate } from '../../src/migrate.js';
import { ADMIN_URL } from '../helpers/db.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A fresh database `name` migrated to just before migration `before` (e.g. '000017'); dropped at teardown. */
export async function databaseBefore(t: { teardown(fn: () => unknown): void }, name: string, before: string) {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  t.teardown(async () => {
    await sql.end({ timeout: 5 });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
    rmSync(dir, { recursive: true, force: true });
  });
  mkdirSync(join(dir, 'committed'));
  for (const f of readdirSync(join(root, 'sql/migrations/committed')).filter((f) => f < before)) {
    copyFileSync(join(root, 'sql/migrations/committed', f), join(dir, 'committed', f));
  }
  const quiet = new Logger(() => () => {});
  // In a worker thread, ended before it returns: the teardown's drop ... with (force) cuts no connection of it (migrate.ts).
  await graphileMigrate({ connectionString: url, migrationsFolder: dir, logger: quiet });
  return { url, sql };
}
