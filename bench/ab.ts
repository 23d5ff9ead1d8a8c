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

async function side(baseUrl: string, name: string, files: string[], backlog: number, rev?: string): Promise<Side> {
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
  const sql = postgres(url, { max: 1, prepare: true, onnotice: () => {}, connection: { synchronous_commit: 'off' } });
  const [{ pid }] = await sql`select pg_backend_pid() as pid`;
  const result = sql.json({ ok: true });
  const held: string[] = [];
  const claim = async () => {
    const [r] = await sql`select switchboard.claim_next(endpoint_id => ${ep}::uuid, queue => ${'bench'}::text) as doc`;
    held.push(r.doc.id);
  };
  const complete = async () => {
    const id = held.shift() as string;
    await sql`select switchboard.complete(endpoint_id => ${ep}::uuid, todo_id => ${id}::uuid, result => ${result}::jsonb) as doc`;
  };
  // Warm the plans (PL/pgSQL caches them per session; the generic plan is chosen after five calls).
  for (let i = 0; i < 100; i++) await claim();
  for (let i = 0; i < 100; i++) await complete();
  return {
    name,
    claim: [],
    complete: [],
    async run(kind) {
      const c0 = cpuNs(pid);
      for (let i = 0; i < BLOCK; i++) await (kind === 'claim' ? claim() : complete());
      return (cpuNs(pid) - c0) / 1000 / BLOCK;
    },
    async end() {
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
    },
  });
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const rounds = Number(values.rounds);
  const backlog = rounds * BLOCK + 100 + Number(values.backlog);
  const A = await side(url, 'A', values.a ?? [], backlog, values['a-rev']);
  const B = await side(url, 'B', values.b ?? [], backlog, values['b-rev']);
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
