// `npx tsx bench/ab.ts`: a paired A/B of backend CPU per claim_next and per complete, two variants interleaved in time.
//
// profile.ts measures one variant per run, and on this shared machine two runs of the same code differ by ±20 %, more
// than most single changes move. Here both variants run side by side (two scratch databases, one connection each),
// in alternating blocks of 50 calls (A B B A …), so whatever else the machine does lands on both; the verdict is the
// median of the per-round B/A ratios. Usage (both databases are created from scratch):
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/ab.ts --b new.sql [--a old.sql]
//     [--rounds 40]   each round is 50 claims and 50 completes per variant
//     [--backlog N]   pending todos beyond those the rounds claim (default 1000)
//     [--a-rev REV] [--b-rev REV]   that side's database is migrated from the tree at git revision REV (its
//                     migrations and function files, checked out in a temporary worktree) instead of this one, so
//                     a schema change can be priced against the schema before it; --a/--b files apply on top
//     [--clients N]   N connections per side, each running the block at once (default 1): the figure is the CPU of
//                     all N backends per call, so contention between claimers (locks, hot index pages, commit
//                     flushes) is priced as the benchmark's 8 and 16 clients meet it
//     [--sync-commit on|off]   the sides' synchronous_commit (default off: CPU and WAL only). The benchmark runs with
//                     the server's default, on, where the backend that flushes the WAL at commit pays for the write and
//                     the fsync (and those waiting on it for their wake-ups): a cost that grows with the WAL a change
//                     writes, invisible with off
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { migrateDatabase } from '../src/migrate.js';
import { benchEndpoint, fillSwitchboard } from './contenders/switchboard.js';
import { settle } from './lib/db.js';
import { migrateAt } from './lib/rev.js';

const BLOCK = 50;

function cpuNs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

interface Side {
  name: string;
  claim: number[];
  complete: number[];
  run(kind: 'claim' | 'complete'): Promise<number>;
  end(): Promise<void>;
}

interface Load {
  clients: number;
  syncCommit: 'on' | 'off';
}

async function side(baseUrl: string, name: string, files: string[], backlog: number, load: Load, rev?: string): Promise<Side> {
  const u = new URL(baseUrl);
  const db = `sb_ab_${name.toLowerCase()}`;
  const root = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await root.unsafe(`drop database if exists ${db}`);
  await root.unsafe(`create database ${db}`);
  await root.end();
  u.pathname = `/${db}`;
  const url = u.toString();
  if (rev) await migrateAt(url, rev);
  else await migrateDatabase(url, { quiet: true });
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  for (const f of files) await admin.unsafe(readFileSync(f, 'utf8'));
  const ctx = { url, admin, queue: 'bench', noMigrate: true };
  const ep = await benchEndpoint(ctx, 'bench-agent');
  await fillSwitchboard(ctx, ep, backlog, 20_000);
  const tables = (await admin<{ t: string }[]>`
    select t from unnest(array['switchboard.todos', 'switchboard.earlier_attempts', 'switchboard.todo_attempts',
                               'switchboard.attempt_close_counts']) t
     where (select relkind from pg_class where oid = to_regclass(t)) = 'r'`).map((r) => r.t);
  for (const t of tables) await admin.unsafe(`alter table ${t} set (autovacuum_enabled = false)`);
  await settle(admin, tables);
  const sql = postgres(url, {
    max: load.clients,
    prepare: true,
    onnotice: () => {},
    connection: { synchronous_commit: load.syncCommit },
  });
  const conns = await Promise.all(Array.from({ length: load.clients }, () => sql.reserve()));
  const pids = await Promise.all(conns.map(async (c) => Number((await c`select pg_backend_pid() as pid`)[0].pid)));
  const result = sql.json({ ok: true });
  // Each connection completes what it claimed, as an agent does.
  const held: string[][] = conns.map(() => []);
  const claim = async (i: number) => {
    const [r] = await conns[i]`select switchboard.claim_next(endpoint_id => ${ep}::uuid, queue => ${'bench'}::text) as doc`;
    if (r.doc.empty) throw new Error('the backlog ran out: raise --backlog');
    held[i].push(r.doc.id);
  };
  const complete = async (i: number) => {
    const id = held[i].shift() as string;
    await conns[i]`select switchboard.complete(endpoint_id => ${ep}::uuid, todo_id => ${id}::uuid, result => ${result}::jsonb) as doc`;
  };
  const block = async (kind: 'claim' | 'complete', n: number) =>
    Promise.all(conns.map(async (_, i) => {
      for (let k = 0; k < n; k++) await (kind === 'claim' ? claim(i) : complete(i));
    }));
  const cpu = () => pids.reduce((a, p) => a + cpuNs(p), 0);
  // Warm the plans (PL/pgSQL caches them per session; the generic plan is chosen after five calls).
  await block('claim', 100);
  await block('complete', 100);
  return {
    name,
    claim: [],
    complete: [],
    async run(kind) {
      const c0 = cpu();
      await block(kind, BLOCK);
      return (cpu() - c0) / 1000 / (BLOCK * conns.length);
    },
    async end() {
      for (const c of conns) c.release();
      await sql.end();
      await admin.end();
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      a: { type: 'string', multiple: true },
      b: { type: 'string', multiple: true },
      'a-rev': { type: 'string' },
      'b-rev': { type: 'string' },
      rounds: { type: 'string', default: '40' },
      // Pending todos beyond what the rounds claim (the full benchmark's points start with ~240,000).
      backlog: { type: 'string', default: '1000' },
      clients: { type: 'string', default: '1' },
      'sync-commit': { type: 'string', default: 'off' },
    },
  });
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const rounds = Number(values.rounds);
  const clients = Number(values.clients);
  const syncCommit = values['sync-commit'];
  if (!Number.isInteger(clients) || clients < 1) throw new Error(`--clients must be a positive integer, not ${values.clients}`);
  if (syncCommit !== 'on' && syncCommit !== 'off') throw new Error(`--sync-commit must be on or off, not ${syncCommit}`);
  const load: Load = { clients, syncCommit };
  const backlog = (rounds * BLOCK + 100) * clients + Number(values.backlog);
  const A = await side(url, 'A', values.a ?? [], backlog, load, values['a-rev']);
  const B = await side(url, 'B', values.b ?? [], backlog, load, values['b-rev']);
  process.stdout.write(`${clients} connection(s) per side, synchronous_commit ${syncCommit}, ${rounds} rounds of ${BLOCK} calls each\n`);
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? [B, A] : [A, B];
    for (const kind of ['claim', 'complete'] as const) {
      for (const s of order) s[kind].push(await s.run(kind));
    }
  }
  for (const kind of ['claim', 'complete'] as const) {
    const ratios = A[kind].map((a, i) => B[kind][i] / a);
    process.stdout.write(`${kind.padEnd(9)} A median ${median(A[kind]).toFixed(0).padStart(5)} µs   B median ${median(B[kind]).toFixed(0).padStart(5)} µs   ` +
      `B/A per round: median ${median(ratios).toFixed(3)}, B cheaper in ${ratios.filter((x) => x < 1).length}/${rounds} rounds\n`);
  }
  const cycle = A.claim.map((a, i) => (B.claim[i] + B.complete[i]) / (a + A.complete[i]));
  process.stdout.write(`cycle     B/A per round: median ${median(cycle).toFixed(3)}, B cheaper in ${cycle.filter((x) => x < 1).length}/${rounds} rounds\n`);
  await A.end();
  await B.end();
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
