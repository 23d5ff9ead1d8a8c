// Test databases: each tap test file gets its own database, cloned from a migrated template.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { migrateDatabase } from '../../src/migrate.js';

export const ADMIN_URL = process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const root = fileURLToPath(new URL('../../', import.meta.url));
const TEST_SCHEMA = `${root}test/test-schema.sql`;

function urlFor(db: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${db}`;
  return u.toString();
}

/** A digest of everything that shapes the schema, so a stale template is never reused. */
function schemaDigest(): string {
  const h = createHash('sha256');
  for (const dir of ['sql/migrations/committed', 'sql/functions']) {
    const files = readdirSync(`${root}${dir}`, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.sql'));
    for (const f of files.sort()) h.update(f).update(readFileSync(`${root}${dir}/${f}`));
  }
  h.update(readFileSync(TEST_SCHEMA));
  return h.digest('hex').slice(0, 16);
}

async function ensureTemplate(admin: postgres.Sql): Promise<string> {
  const name = `sb_template_${schemaDigest()}`;
  await admin`select pg_advisory_lock(hashtext('switchboard test template'))`;
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!exists) {
      await admin.unsafe(`create database ${name}`);
      await migrateDatabase(urlFor(name), { quiet: true });
      // The test-only helper schema (fixtures that write what no API writes, such as an attempt's stored columns).
      const db = postgres(urlFor(name), { max: 1, onnotice: () => {} });
      try {
        await db.unsafe(readFileSync(TEST_SCHEMA, 'utf8'));
      } finally {
        await db.end({ timeout: 5 });
      }
      await admin.unsafe(`update pg_database set datistemplate = true where datname = '${name}'`);
    }
  } finally {
    await admin`select pg_advisory_unlock(hashtext('switchboard test template'))`;
  }
  return name;
}

export interface TestDb {
  name: string;
  url: string;
  /** A superuser connection to this database, for arranging and asserting. */
  sql: postgres.Sql;
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own. Call drop() in t.teardown. */
export async function freshDatabase(): Promise<TestDb> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    const template = await ensureTemplate(admin);
    const name = `sb_test_${randomBytes(6).toString('hex')}`;
    await admin.unsafe(`create database ${name} template ${template}`);
    const url = urlFor(name);
    const sql = postgres(url, { max: 4, onnotice: () => {} });
    return {
      name,
      url,
      sql,
      async drop() {
        await sql.end({ timeout: 5 });
        const a = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
        try {
          await a.unsafe(`drop database if exists ${name} with (force)`);
        } finally {
          await a.end({ timeout: 5 });
        }
      },
    };
  } finally {
    await admin.end({ timeout: 5 });
  }
}
