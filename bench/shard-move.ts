// Measures `shard move`: a partition with N todos per tenant moved to a new database while an agent keeps calling;
// prints rows moved, rows per second of the copy, and the switch's pause (docs/scale-out.md). `npx tsx bench/shard-move.ts [todos]`
import postgres from 'postgres';
import { moveShard } from '../src/shard-move.js';
import { splitShards } from '../src/shard.js';
import { ADMIN_URL } from '../test/helpers/db.js';
import { shardedCluster } from '../test/shard/cluster.js';

const perTenant = Number(process.argv[2] ?? 5000);
const downs: (() => unknown)[] = [];
const c = await shardedCluster({ teardown: (fn) => downs.push(fn) }, 2);
const admin = postgres(c.proxyUrl, { max: 1, onnotice: () => {}, connection: { role: 'switchboard_admin' } });
const agent = postgres(c.proxyUrl, { max: 2, onnotice: () => {}, connection: { role: 'switchboard_server' } });
const su = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
const target = `${c.names.shards[0]}_m2`;
try {
  const handles = (await admin<{ h: string }[]>`
    select 'bench' || g as h from generate_series(1, 400) g where hashtext('bench' || g) & 3 = 2 limit 4`).map((r) => r.h);
  const creds: string[] = [];
  for (const h of handles) {
    const o = (await admin`select switchboard.add_owner(${h}) as doc`)[0].doc.owner_id;
    const ep = (await admin`select switchboard.vend_endpoint(${o}::uuid, 'bot') as doc`)[0].doc;
    creds.push(ep.credential);
    await agent`select switchboard_agent.add_todo(${ep.credential}, 'q') from generate_series(1, ${perTenant})`;
  }
  await splitShards(c.proxyUrl);
  await su.unsafe(`create database ${target}`);
  const u = new URL(c.shardUrls[0]);
  u.pathname = `/${target}`;
  let stop = false;
  const waits: number[] = [];
  const loop = (async () => {
    while (!stop) {
      const t0 = performance.now();
      await agent`select switchboard_agent.list_todos(${creds[0]}, page_size => 1)`;
      waits.push(performance.now() - t0);
    }
  })();
  const r = await moveShard({ proxyUrl: c.proxyUrl, partition: 2, toUrl: u.toString() });
  stop = true;
  await loop;
  console.log(JSON.stringify({
    todosPerTenant: perTenant, tenants: handles.length, rows: r.rows, copyMs: Math.round(r.copyMs),
    rowsPerSecond: Math.round(r.rows / (r.copyMs / 1000)), pauseMs: Math.round(r.pauseMs),
    longestCallDuringMoveMs: Math.round(Math.max(...waits)), calls: waits.length,
  }));
} finally {
  await Promise.all([admin.end(), agent.end()]);
  await su.unsafe(`drop database if exists ${target} with (force)`);
  await su.end();
  for (const fn of downs.reverse()) await fn();
}
