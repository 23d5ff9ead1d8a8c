// Migrates a database as another git revision of this repository would, to price a schema change against the one before.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { graphileMigrate, migrateWorkerSchema } from '../../src/migrate.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Migrates `url` as the tree at git revision `rev` would: its committed migrations, then its function files. */
export async function migrateAt(url: string, rev: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sb-ab-'));
  try {
    execFileSync('git', ['-C', root, 'worktree', 'add', '--detach', '--quiet', dir, rev]);
    if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    // As migrateDatabase does: no pool of graphile-migrate's or graphile-worker's outlives the call (src/migrate.ts).
    await graphileMigrate({ connectionString: url, migrationsFolder: join(dir, 'sql/migrations') });
    await migrateWorkerSchema(url, false);
    const mod = await import(join(dir, 'scripts/apply-functions.mjs'));
    await mod.applyFunctions(url, { log: () => {} });
  } finally {
    execFileSync('git', ['-C', root, 'worktree', 'remove', '--force', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
}

