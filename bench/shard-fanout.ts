// `npx tsx bench/shard-fanout.ts`: what a per-scope call and a fan-out read cost through a PL/Proxy proxy, against the
// same call on a shard directly, with 1, 2 and 4 shards on this Postgres (docs/scale-out.md). Prints medians; asserts
// nothing. Uses ADMIN_DATABASE_URL's cluster; its databases are dropped afterwards.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { initShards } from '../src/shard.js';

const admin = process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const urlFor = (db: string) => Object.assign(new URL(admin), { pathname: `/${db}` }).toString();
const CALLS = Number(process.env.CALLS ?? 300);

async function median(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  return ms.sort((a, b) => a - b)[Math.floor(ms.length / 2)];
}

async function point(n: number): Promise<Record<string, number | string>> {
  const tag = randomBytes(3).toString('hex');
  const dbs = [`h5_fan_${tag}_proxy`, ...Array.from({ length: n }, (_, i) => `h5_fan_${tag}_${i}`)];
  const a = postgres(admin, { max: 1, onnotice: () => {} });
  for (const d of dbs) await a.unsafe(`create database ${d}`);
  try {
    await initShards({ proxyUrl: urlFor(dbs[0]), shardUrls: dbs.slice(1).map(urlFor) });
    const proxy = postgres(urlFor(dbs[0]), { max: 1, onnotice: () => {} });
    const [o] = await proxy`select (switchboard.add_owner('fan'))->>'owner_id' as id`;
    const [e] = await proxy`select switchboard.vend_endpoint(${o.id}::uuid, 'fan-bot') as doc`;
    const cred = e.doc.credential as string;
    const home = postgres(urlFor(dbs[1 + (parseInt(String(o.id).slice(0, 2), 16) & (n - 1))]), { max: 1, onnotice: () => {} });
    // A few hundred todos per shard, so metrics() has something to count.
    for (let i = 1; i <= n; i++) {
      const s = postgres(urlFor(dbs[i]), { max: 1, onnotice: () => {} });
      await s`insert into switchboard.owners (id, handle) values (gen_random_uuid(), ${`o${i}`})`;
      const [x] = await s`select id from switchboard.owners where handle = ${`o${i}`}`;
      await s`insert into switchboard.endpoints (owner_id, agent_id, verbs, credential_sha256)
              values (${x.id}, 'b', array['add_todo'], sha256(${`k${i}`}::bytea))`;
      await s`select switchboard.add_todo(e.id, 'q' || (g % 5))
                from switchboard.endpoints e, generate_series(1, 500) g where e.agent_id = 'b'`;
      await s.end();
    }
    const get = (sql: postgres.Sql) => () => sql`select switchboard_agent.list_todos(${cred}, page_size => 1)`;
    // An error answer (not_found): through the proxy it must cost what a success costs (no reconnect per error).
    const missing = (sql: postgres.Sql) => () =>
      sql`select switchboard_agent.get_todo(${cred}, '018f0000-0000-7000-8000-000000000000')`.catch(() => null);
    const r = {
      shards: n,
      'list_todos direct ms': await median(get(home)),
      'list_todos proxied ms': await median(get(proxy)),
      'not_found direct ms': await median(missing(home)),
      'not_found proxied ms': await median(missing(proxy)),
      'metrics one shard ms': await median(() => home`select switchboard.metrics()`),
      'metrics proxied (all shards) ms': await median(() => proxy`select switchboard_metrics.metrics()`),
      'reap proxied (all shards) ms': await median(() => proxy`select switchboard.reap()`),
    };
    await Promise.all([proxy.end(), home.end()]);
    return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' && k !== 'shards' ? v.toFixed(2) : v]));
  } finally {
    for (const d of dbs) await a.unsafe(`drop database if exists ${d} with (force)`);
    await a.end();
  }
}

const rows = [];
for (const n of [1, 2, 4]) rows.push(await point(n));
console.table(rows);
