// `npx tsx bench/profile.ts`: backend CPU, WAL, index writes and function calls per claim and per complete, on one connection.
//
// Throughput on a shared 2-core machine moves with whatever else runs; the CPU time the serving backend spends
// (/proc/<pid>/schedstat, in ns) and the WAL it writes per verb do not, so A/B comparisons of a change are made
// with these. Usage (the database is wiped of todos; it must be a scratch database):
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/h5_scratch npx tsx bench/profile.ts [--cycles 3000] [--migrate]
//     [--apply FILE.sql ...]   apply files (create or replace prototypes) after migrating, before measuring
//     [--rev REV]             with --migrate: migrate as git revision REV would (bench/lib/rev.ts), e.g. the schema
//                             before a change, to put its figures beside the change's
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { migrateDatabase } from '../src/migrate.js';
import { BARE_CLAIM, BARE_COMPLETE, bare } from './contenders/bare.js';
import { benchEndpoint, fillSwitchboard } from './contenders/switchboard.js';
import type { Ctx } from './lib/contender.js';
import { settle, walPosition } from './lib/db.js';
import { migrateAt } from './lib/rev.js';
import { walReader } from './lib/wal.js';

function cpuNs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
}

interface Phase {
  verb: string;
  n: number;
  cpu_us: number;
  cpu_mean_us: number;
  wall_us: number;
  wal_bytes: number;
  fpi_bytes: number;
  index_inserts: number | null;
  fn_calls: Record<string, number>;
  tables: Record<string, { ins: number; upd: number; hot: number; del: number }>;
}

const STAT_TABLES = ['switchboard.todos', 'switchboard.earlier_attempts', 'switchboard.todo_attempts', 'switchboard.attempt_close_counts', 'switchboard.settings', 'bare.jobs'];

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      cycles: { type: 'string', default: '3000' },
      migrate: { type: 'boolean', default: false },
      rev: { type: 'string' },
      apply: { type: 'string', multiple: true },
      backlog: { type: 'string', default: '50000' },
      // Per-statement times inside the PL/pgSQL functions (plpgsql_check's profiler, session-local).
      plprofile: { type: 'boolean', default: false },
    },
  });
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('BENCH_DATABASE_URL must name a scratch database');
  const n = Number(values.cycles);
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const ctx: Ctx = { url, admin, queue: 'bench', noMigrate: !values.migrate };
  if (values.migrate) {
    await admin`delete from switchboard.functions_applied`.catch(() => {});
    if (values.rev) await migrateAt(url, values.rev);
    else await migrateDatabase(url, { quiet: true });
  }
  for (const f of values.apply ?? []) await admin.unsafe(readFileSync(f, 'utf8'));
  const ep = await benchEndpoint(ctx, 'bench-agent');
  await bare.install(ctx);

  const backlog = Number(values.backlog);
  await fillSwitchboard(ctx, ep, backlog, 20_000);
  await bare.reset(ctx, backlog, 20_000);
  // No autovacuum in the middle of a phase: its WAL and CPU would be counted to the verb (scratch database only).
  // Tables of either schema (a --rev before migration 000010 has the table todo_attempts, not earlier_attempts).
  const tables = (await admin<{ t: string }[]>`
    select t from unnest(${STAT_TABLES}::text[]) t where (select relkind from pg_class where oid = to_regclass(t)) = 'r'`).map((r) => r.t);
  for (const t of tables) await admin.unsafe(`alter table ${t} set (autovacuum_enabled = false)`);
  await settle(admin, tables);

  // One client connection, synchronous_commit off so the figures are CPU and WAL, not fsync waits.
  const sql = postgres(url, { max: 1, prepare: true, onnotice: () => {}, connection: { synchronous_commit: 'off', track_functions: 'all' } });
  const [{ pid }] = await sql`select pg_backend_pid() as pid`;
  const wal = await walReader(admin);
  if (values.plprofile) {
    await admin`create extension if not exists plpgsql_check`;
    await sql`load 'plpgsql_check'`;
    await sql`set plpgsql_check.profiler = on`;
  }
  const result = sql.json({ ok: true });

  async function fnCalls(): Promise<Record<string, number>> {
    const rows = await sql`select funcname, calls::int from pg_stat_get_snapshot_timestamp() s, pg_stat_user_functions where schemaname = 'switchboard'`;
    return Object.fromEntries(rows.map((r) => [r.funcname, r.calls]));
  }
  async function tabs(): Promise<Phase['tables']> {
    const rows = await admin`
      select schemaname || '.' || relname as t, n_tup_ins::int as ins, n_tup_upd::int as upd, n_tup_hot_upd::int as hot, n_tup_del::int as del
        from pg_stat_user_tables where schemaname || '.' || relname = any(${STAT_TABLES})`;
    return Object.fromEntries(rows.map((r) => [r.t, { ins: r.ins, upd: r.upd, hot: r.hot, del: r.del }]));
  }
  async function phase(verb: string, ops: (() => Promise<unknown>)[]): Promise<Phase> {
    await sql`select pg_stat_clear_snapshot()`;
    const f0 = await fnCalls();
    await sleepMs(1100);
    const t0s = await tabs();
    const w0 = await walPosition(admin);
    const c0 = cpuNs(pid);
    const t0 = performance.now();
    // CPU per block of 100 operations: the machine is shared, so the quietest blocks (the 20th percentile) say
    // more about a verb's own cost than the mean, which carries whatever else ran.
    const blocks: number[] = [];
    for (let i = 0; i < ops.length; i += 100) {
      const b0 = cpuNs(pid);
      const end = Math.min(ops.length, i + 100);
      for (let j = i; j < end; j++) await ops[j]();
      blocks.push((cpuNs(pid) - b0) / 1000 / (end - i));
    }
    blocks.sort((a, b) => a - b);
    const wall = performance.now() - t0;
    const c1 = cpuNs(pid);
    const w1 = await walPosition(admin);
    const own = wal ? await wal.bytes(w0.lsn, w1.lsn) : null;
    if (process.env.H5_WALDEBUG) process.stderr.write(`${verb} wal ${w0.lsn} ${w1.lsn}\n`);
    await sql`select pg_stat_force_next_flush()`;
    await sql`select 1`;
    await sleepMs(1100);
    await sql`select pg_stat_clear_snapshot()`;
    const f1 = await fnCalls();
    const t1s = await tabs();
    const calls: Record<string, number> = {};
    for (const [k, v] of Object.entries(f1)) if (v - (f0[k] ?? 0) > 0) calls[k] = (v - (f0[k] ?? 0)) / ops.length;
    const tables: Phase['tables'] = {};
    for (const [k, v] of Object.entries(t1s)) {
      const a = t0s[k];
      const d = { ins: (v.ins - a.ins) / ops.length, upd: (v.upd - a.upd) / ops.length, hot: (v.hot - a.hot) / ops.length, del: (v.del - a.del) / ops.length };
      if (d.ins || d.upd || d.del) tables[k] = d;
    }
    return { verb, n: ops.length, cpu_us: blocks[Math.floor(blocks.length * 0.2)], cpu_mean_us: (c1 - c0) / 1000 / ops.length, wall_us: (wall * 1000) / ops.length, wal_bytes: (own ? own.total : Number(w1.bytes - w0.bytes)) / ops.length, fpi_bytes: (own?.fpi ?? 0) / ops.length, index_inserts: own ? own.btreeInserts / ops.length : null, fn_calls: calls, tables };
  }

  // Warm the plans first (PL/pgSQL caches them per session), then measure.
  const ids: string[] = [];
  const claimSb = async () => {
    const [r] = await sql`select switchboard.claim_next(endpoint_id => ${ep}::uuid, queue => ${'bench'}::text) as doc`;
    ids.push(r.doc.id);
  };
  const completeSb = (id: string) => async () => {
    await sql`select switchboard.complete(endpoint_id => ${ep}::uuid, todo_id => ${id}::uuid, result => ${result}::jsonb) as doc`;
  };
  for (let i = 0; i < 200; i++) await claimSb();
  for (const id of ids.splice(0)) await completeSb(id)();
  const phases: Phase[] = [];
  phases.push(await phase('switchboard claim_next', Array.from({ length: n }, () => claimSb)));
  phases.push(await phase('switchboard complete', ids.splice(0).map((id) => completeSb(id))));

  const bareIds: string[] = [];
  const claimBare = async () => {
    const rows = await sql.unsafe(BARE_CLAIM, ['bench', 'agent:bench-agent'], { prepare: true });
    bareIds.push(String(rows[0].id));
  };
  const completeBare = (id: string) => async () => {
    await sql.unsafe(BARE_COMPLETE, [id, 'agent:bench-agent', '{"ok": true}'], { prepare: true });
  };
  for (let i = 0; i < 200; i++) await claimBare();
  for (const id of bareIds.splice(0)) await completeBare(id)();
  phases.push(await phase('bare claim', Array.from({ length: n }, () => claimBare)));
  phases.push(await phase('bare complete', bareIds.splice(0).map((id) => completeBare(id))));

  for (const p of phases) {
    process.stdout.write(`${p.verb.padEnd(24)} cpu p20 ${p.cpu_us.toFixed(0).padStart(5)} µs (mean ${p.cpu_mean_us.toFixed(0)})  wall ${p.wall_us.toFixed(0).padStart(5)} µs  WAL ${p.wal_bytes.toFixed(0).padStart(5)} B (FPI ${p.fpi_bytes.toFixed(0)})  index inserts ${p.index_inserts === null ? '—' : p.index_inserts.toFixed(2)}\n`);
    for (const [t, d] of Object.entries(p.tables)) {
      process.stdout.write(`    ${t.padEnd(34)} ins ${d.ins.toFixed(2)} upd ${d.upd.toFixed(2)} hot ${d.hot.toFixed(2)} del ${d.del.toFixed(2)}\n`);
    }
    const calls = Object.entries(p.fn_calls).map(([k, v]) => `${k}×${v.toFixed(v % 1 ? 2 : 0)}`).join(' ');
    if (calls) process.stdout.write(`    functions: ${calls}\n`);
  }
  if (values.plprofile) {
    const rows = await sql`
      select p.oid::regprocedure::text as fn, t.lineno, t.exec_stmts, t.total_time,
             left(regexp_replace(t.source, '[[:space:]]+', ' ', 'g'), 70) as src
        from pg_proc p, lateral plpgsql_profiler_function_tb(p.oid) t
       where p.pronamespace = 'switchboard'::regnamespace and p.prolang = (select oid from pg_language where lanname = 'plpgsql')
         and t.exec_stmts > 0 and t.total_time > 0
       order by t.total_time desc limit 30`;
    const cycles = n + 200;
    process.stdout.write('PL/pgSQL statements by total time (µs per cycle, including nested calls):\n');
    for (const r of rows) {
      process.stdout.write(`  ${String(Math.round((r.total_time * 1000) / cycles)).padStart(5)} µs  ${(r.exec_stmts / cycles).toFixed(2)}×  ${r.fn.replace(/\(.*/, '')}:${r.lineno}  ${r.src}\n`);
    }
  }
  const sb = phases[0].cpu_us + phases[1].cpu_us;
  const br = phases[2].cpu_us + phases[3].cpu_us;
  process.stdout.write(`cycle CPU: switchboard ${sb.toFixed(0)} µs, bare ${br.toFixed(0)} µs, ratio ${(sb / br).toFixed(2)}; ` +
    `cycle WAL: switchboard ${(phases[0].wal_bytes + phases[1].wal_bytes).toFixed(0)} B, bare ${(phases[2].wal_bytes + phases[3].wal_bytes).toFixed(0)} B\n`);
  await sql.end();
  await admin.end();
}

function sleepMs(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
