// Benchmark database plumbing: create or reuse the database, read its settings, WAL position and table counters.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export type Sql = postgres.Sql;

export interface BenchDatabase {
  url: string;
  name: string;
  /** True when the benchmark created the database and will drop it at the end. */
  created: boolean;
  drop(): Promise<void>;
}

const DEFAULT_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * BENCH_DATABASE_URL names a database the benchmark may wipe (it truncates the queue tables of every contender);
 * without it, a fresh database h5_bench_<random> is created on 127.0.0.1:5432 and dropped afterwards.
 */
export async function openBenchDatabase(keep: boolean): Promise<BenchDatabase> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    return { url: given, name: new URL(given).pathname.slice(1), created: false, drop: async () => {} };
  }
  const adminUrl = process.env.ADMIN_DATABASE_URL ?? DEFAULT_ADMIN;
  const name = `h5_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    name,
    created: true,
    async drop() {
      if (keep) return;
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await a.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await a.end({ timeout: 5 });
      }
    },
  };
}

/** The settings that shape the figures, recorded beside them. */
export const SETTING_NAMES = [
  'server_version', 'shared_buffers', 'synchronous_commit', 'fsync', 'full_page_writes', 'wal_level',
  'wal_compression', 'wal_buffers', 'commit_delay', 'checkpoint_timeout', 'max_wal_size', 'max_connections',
  'work_mem', 'effective_cache_size', 'random_page_cost', 'jit', 'autovacuum', 'autovacuum_naptime',
  'autovacuum_vacuum_scale_factor', 'autovacuum_vacuum_insert_scale_factor', 'track_io_timing',
  'shared_preload_libraries', 'max_worker_processes',
];

export async function readSettings(sql: Sql): Promise<Record<string, string>> {
  const rows = await sql<{ name: string; setting: string }[]>`
    select name, current_setting(name) as setting from unnest(${SETTING_NAMES}::text[]) as name`;
  return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
}

export async function walLsn(sql: Sql): Promise<bigint> {
  return (await walPosition(sql)).bytes;
}

/** The WAL insert position, as bytes from 0/0 and as an LSN for pg_waldump. */
export async function walPosition(sql: Sql): Promise<{ bytes: bigint; lsn: string }> {
  const [r] = await sql<{ b: string; lsn: string }[]>`
    select (l - '0/0'::pg_lsn)::bigint::text as b, l::text as lsn from pg_current_wal_lsn() l`;
  return { bytes: BigInt(r.b), lsn: r.lsn };
}

export interface TableStats {
  table: string;
  n_live_tup: number;
  n_dead_tup: number;
  n_tup_ins: number;
  n_tup_upd: number;
  n_tup_hot_upd: number;
  n_tup_del: number;
  autovacuum_count: number;
}

/** Counters of tables given as schema.table; missing tables are skipped. */
export async function tableStats(sql: Sql, tables: string[]): Promise<TableStats[]> {
  if (tables.length === 0) return [];
  const rows = await sql<Record<string, string>[]>`
    select schemaname || '.' || relname as table, n_live_tup::text, n_dead_tup::text, n_tup_ins::text,
           n_tup_upd::text, n_tup_hot_upd::text, n_tup_del::text, autovacuum_count::text
      from pg_stat_user_tables
     where schemaname || '.' || relname = any(${tables}::text[])`;
  return rows.map((r) => ({
    table: r.table,
    n_live_tup: Number(r.n_live_tup),
    n_dead_tup: Number(r.n_dead_tup),
    n_tup_ins: Number(r.n_tup_ins),
    n_tup_upd: Number(r.n_tup_upd),
    n_tup_hot_upd: Number(r.n_tup_hot_upd),
    n_tup_del: Number(r.n_tup_del),
    autovacuum_count: Number(r.autovacuum_count),
  }));
}

/** Zero the counters of these tables, so a point's dead tuples and HOT ratio are its own. */
export async function resetTableStats(sql: Sql, tables: string[]): Promise<void> {
  for (const t of tables) {
    await sql`select pg_stat_reset_single_table_counters(to_regclass(${t}))`.catch(() => {});
  }
}

/** VACUUM ANALYZE and a CHECKPOINT, so every point starts from the same state and the same WAL position. */
export async function settle(sql: Sql, tables: string[]): Promise<void> {
  for (const t of tables) await sql.unsafe(`vacuum (analyze) ${t}`);
  await sql.unsafe('checkpoint').catch(() => {});
}

/** Backend pids of the connections to this database other than ours (the contenders' clients). */
export async function backendPids(sql: Sql): Promise<number[]> {
  const rows = await sql<{ pid: number }[]>`
    select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
  return rows.map((r) => r.pid);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
