// A sharded Switchboard for tests: a proxy database and shard databases of their own on ADMIN_DATABASE_URL's cluster,
// created empty, initialised by `shard init` (src/shard.ts), dropped on teardown; and how to count calls per database.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { initShards, type InitResult } from '../../src/shard.js';
import { ADMIN_URL } from '../helpers/db.js';

export interface ShardedCluster {
  proxyUrl: string;
  shardUrls: string[];
  names: { proxy: string; shards: string[] };
  init: InitResult;
  /** Superuser connections straight to each shard, for arranging and asserting. */
  shards: postgres.Sql[];
}

function urlFor(db: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${db}`;
  return u.toString();
}

interface Teardown {
  teardown(fn: () => unknown): void;
}

/**
 * A proxy and `n` shards, initialised. With trackFunctions, each database counts calls per function
 * (pg_stat_user_functions), set before any session of the proxy's or of its shard connections starts.
 */
export async function shardedCluster(t: Teardown, n = 2, opts: { trackFunctions?: boolean } = {}): Promise<ShardedCluster> {
  const tag = randomBytes(4).toString('hex');
  const names = { proxy: `sb_shard_${tag}_proxy`, shards: Array.from({ length: n }, (_, i) => `sb_shard_${tag}_${i}`) };
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const all = [names.proxy, ...names.shards];
  const shards: postgres.Sql[] = [];
  t.teardown(async () => {
    await Promise.all(shards.map((s) => s.end({ timeout: 5 })));
    const a = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    try {
      for (const db of all) await a.unsafe(`drop database if exists ${db} with (force)`);
      // The deployment's logins (named after its proxy database; roles outlive databases).
      for (const { rolname } of await a<{ rolname: string }[]>`
        select rolname from pg_roles where starts_with(rolname, ${`sb_${names.proxy}_`})`) {
        await a.unsafe(`drop role if exists ${rolname}`);
      }
    } finally {
      await a.end({ timeout: 5 });
    }
  });
  try {
    for (const db of all) {
      await admin.unsafe(`create database ${db}`);
      if (opts.trackFunctions) await admin.unsafe(`alter database ${db} set track_functions = 'all'`);
    }
  } finally {
    await admin.end({ timeout: 5 });
  }
  const proxyUrl = urlFor(names.proxy);
  const shardUrls = names.shards.map(urlFor);
  const init = await initShards({ proxyUrl, shardUrls });
  for (const url of shardUrls) shards.push(postgres(url, { max: 2, onnotice: () => {} }));
  return { proxyUrl, shardUrls, names, init, shards };
}

/**
 * Calls per entry point (schema.name) in one database, as pg_stat_user_functions has them. Statistics are flushed when
 * a session ends (before it leaves pg_stat_activity), so first end every session that made calls: waitIdle.
 */
export async function callCounts(url: string, schemas: string[]): Promise<Record<string, number>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ f: string; n: number }[]>`
      select schemaname || '.' || funcname as f, sum(calls)::int as n from pg_stat_user_functions
       where schemaname = any(${schemas}) group by 1`;
    return Object.fromEntries(rows.map((r) => [r.f, r.n]));
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Waits until no session is connected to the proxy database, and none of the proxy's logins to a shard: their
 * statistics are flushed by then. End the server's and the test's proxy pools first.
 */
export async function waitIdle(c: ShardedCluster): Promise<void> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    for (;;) {
      const [r] = await admin<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity
         where pid <> pg_backend_pid()
           and (datname = ${c.names.proxy}
                or (datname = any(${c.names.shards}) and usename like 'sb\_%\_proxy%'))`;
      if (r.n === 0) return;
      await new Promise((res) => setTimeout(res, 50));
    }
  } finally {
    await admin.end({ timeout: 5 });
  }
}
