// A connection of graphile-migrate's cut (the database dropped with (force), its backend terminated) never ends this
// process: graphileMigrate runs migrate() in a worker thread, where graphile-migrate's pool 'error' handler's
// process.exit(1) ends only that thread, and it resolves only once that thread, and so each connection of it, is gone.
import { fileURLToPath } from 'node:url';
import { Logger } from 'graphile-migrate';
import postgres from 'postgres';
import t from 'tap';
import { graphileMigrate } from '../../src/migrate.js';
import { ADMIN_URL } from '../helpers/db.js';
import { until } from '../worker/helpers.js';

const migrationsFolder = fileURLToPath(new URL('../../sql/migrations', import.meta.url));
const quiet = new Logger(() => () => {});

/** A fresh, empty database `name` and its URL; dropped with (force) at teardown. */
async function freshDatabase(t: { teardown(fn: () => unknown): void }, admin: postgres.Sql, name: string): Promise<string> {
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  t.teardown(() => admin.unsafe(`drop database if exists ${name} with (force)`));
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

t.test('graphileMigrate resolves with none of its connections open; dropping the database at once ends nothing here', async (t) => {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  t.teardown(() => admin.end({ timeout: 5 }));
  const name = `sb_cut_done_${process.pid}`;
  const url = await freshDatabase(t, admin, name);

  await graphileMigrate({ connectionString: url, migrationsFolder, logger: quiet });
  const [{ n }] = await admin`select count(*)::int as n from pg_stat_activity where datname = ${name}`;
  t.equal(n, 0, 'no connection to the migrated database is left once it resolves');

  // What CI's teardown did right after migrating: before, graphile-migrate's idle pooled connection was cut here and
  // its pool's 'error' handler exited the process (tap: test unfinished).
  await admin.unsafe(`drop database ${name} with (force)`);
  const [{ alive }] = await admin`select 'still running' as alive`;
  t.equal(alive, 'still running', 'this process goes on after the drop');
});

t.test('a connection cut while graphile-migrate works rejects the promise and ends only its thread', async (t) => {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  t.teardown(() => admin.end({ timeout: 5 }));
  const name = `sb_cut_mid_${process.pid}`;
  const url = await freshDatabase(t, admin, name);

  // The first migration creates schema switchboard: one created here and not yet committed makes it wait on our lock.
  const holder = postgres(url, { max: 1, onnotice: () => {} });
  t.teardown(() => holder.end({ timeout: 5 }));
  const held = holder.begin(async (tx) => {
    await tx`create schema switchboard`;
    const pid = await until(async () => {
      const [row] = await admin`select pid from pg_stat_activity where datname = ${name} and wait_event_type = 'Lock'`;
      return row?.pid as number | undefined;
    }, "graphile-migrate's migration to wait on the uncommitted schema");
    const [{ cut }] = await admin`select pg_terminate_backend(${pid}) as cut`;
    t.ok(cut, "graphile-migrate's connection is terminated mid-migration");
    throw new Error('rolled back');
  });
  const migrating = graphileMigrate({ connectionString: url, migrationsFolder, logger: quiet });
  await t.rejects(held, /rolled back/);
  await t.rejects(migrating, /terminated/, 'the promise rejects with what cut it');
  const [{ alive }] = await admin`select 'still running' as alive`;
  t.equal(alive, 'still running', 'this process goes on');
  await holder.end({ timeout: 5 });
  const [{ n }] = await admin`select count(*)::int as n from pg_stat_activity where datname = ${name}`;
  t.equal(n, 0, 'and no connection of the migration is left');
});
