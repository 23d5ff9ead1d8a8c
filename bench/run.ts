// `npm run bench`: switchboard against a bare lease queue, graphile-worker and pg-boss on one Postgres, in one run.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { bare } from './contenders/bare.js';
import { graphileWorker } from './contenders/graphile-worker.js';
import { loadMcpContender, mcpFloorContender } from './contenders/mcp.js';
import { pgBoss } from './contenders/pg-boss.js';
import { switchboardNoHistory } from './contenders/no-history.js';
import { switchboard } from './contenders/switchboard.js';
import { switchboardProxied } from './contenders/switchboard-proxied.js';
import { switchboardTeam } from './contenders/switchboard-team.js';
import { type Contender, Counters, type Ctx } from './lib/contender.js';
import { CpuSampler } from './lib/cpu.js';
import {
  backendPids, openBenchDatabase, readSettings, resetTableStats, settle, sleep, tableStats, walPosition,
} from './lib/db.js';
import {
  consoleTable, markdown, type PointResult, percentile, ratioLines, ratios, renderChart, type RunInfo,
} from './lib/report.js';
import { runScale } from './scale.js';
import { type WalReader, walReader } from './lib/wal.js';

const root = fileURLToPath(new URL('..', import.meta.url));

const USAGE = `npm run bench -- [options]
  --quick            CI smoke: clients 1,8; 3 s after 1 s warm-up; asserts only that every contender completed work
  --clients 1,8      client counts (default 1,2,4,8,16,32)
  --seconds N        measured seconds per point (default 15)
  --warmup N         warm-up seconds per point (default 3)
  --repeat N         measure every point N times, the contenders' order reversed on every other pass; the table
                     shows the median pass (by cycles/s), the JSON every pass (default 1)
  --only a,b         contenders to run (switchboard,switchboard-team,switchboard-no-history,bare,graphile-worker,
                     pg-boss,switchboard-mcp,mcp-floor,switchboard-proxied)
  --claim-clients 16,32  client counts of the claim-only points (claim_next under contention, no complete; the
                     contenders that have them: switchboard, switchboard-team, switchboard-no-history; default 16,32,
                     --quick 8;
                     0: none)
  --json FILE        write every figure as JSON
  --out DIR          where the markdown table and chart go (default docs/benchmarks; with --quick a temp dir)
  --scale            also the scale and maintenance figures (1M pending, 5M attempts, reap, prune)
  --scale-only       only the scale figures
  --keep             keep the database the benchmark created
  --no-migrate       measure the switchboard functions already in BENCH_DATABASE_URL (a prototype made with create or replace)
Database: BENCH_DATABASE_URL (it will be wiped), else a new database h5_bench_* on 127.0.0.1:5432, dropped after.`;

interface Options {
  quick: boolean;
  clients: number[];
  seconds: number;
  warmup: number;
  repeat: number;
  only: string[] | null;
  claimClients: number[];
  json: string | null;
  out: string;
  scale: boolean;
  scaleOnly: boolean;
  keep: boolean;
  noMigrate: boolean;
}

function options(): Options {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      clients: { type: 'string' },
      seconds: { type: 'string' },
      warmup: { type: 'string' },
      repeat: { type: 'string' },
      only: { type: 'string' },
      'claim-clients': { type: 'string' },
      json: { type: 'string' },
      out: { type: 'string' },
      scale: { type: 'boolean', default: false },
      'scale-only': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      'no-migrate': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const quick = values.quick ?? false;
  const num = (s: string | undefined, d: number, name: string) => {
    if (s === undefined) return d;
    const n = Number(s);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, not ${s}`);
    return n;
  };
  const clients = values.clients
    ? values.clients.split(',').map((s) => num(s.trim(), 1, 'clients'))
    : quick ? [1, 8] : [1, 2, 4, 8, 16, 32];
  return {
    quick,
    clients,
    seconds: num(values.seconds, quick ? 3 : 15, 'seconds'),
    warmup: num(values.warmup, quick ? 1 : 3, 'warmup'),
    repeat: Math.round(num(values.repeat, 1, 'repeat')),
    only: values.only ? values.only.split(',').map((s) => s.trim()) : null,
    claimClients: values['claim-clients'] === '0'
      ? []
      : values['claim-clients']
        ? values['claim-clients'].split(',').map((s) => num(s.trim(), 1, 'claim-clients'))
        : quick ? [8] : [16, 32],
    json: values.json ?? null,
    out: values.out ?? (quick ? join(tmpdir(), 'switchboard-bench') : join(root, 'docs', 'benchmarks')),
    scale: (values.scale ?? false) || (values['scale-only'] ?? false),
    scaleOnly: values['scale-only'] ?? false,
    keep: values.keep ?? false,
    noMigrate: values['no-migrate'] ?? false,
  };
}

function log(msg: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
}

/** The pass with the median cycles/s (the lower middle one of an even count), carrying every pass's cycles/s. */
function medianPass(passes: PointResult[]): PointResult {
  const sorted = [...passes].sort((a, b) => a.cycles_per_s - b.cycles_per_s);
  const p = sorted[Math.floor((sorted.length - 1) / 2)];
  return passes.length > 1 ? { ...p, passes_cycles_per_s: passes.map((x) => Math.round(x.cycles_per_s)) } : p;
}

/**
 * One contender at one client count: fresh state, warm-up, a timed window, then the counters. With `claims`, a
 * claim-only point: the clients only claim, and every claim counts as a cycle. A contender with a database of its
 * own is arranged and measured there.
 */
async function measurePoint(
  mainCtx: Ctx, c: Contender, clients: number, o: Options, mainWal: WalReader | null, claims = false,
): Promise<PointResult> {
  const ctx = c.ctx ?? mainCtx;
  const wal = c.wal !== undefined ? c.wal : mainWal;
  // Enough ready work for 12k cycles/s through warm-up and window, about twice anything measured on this kind of
  // machine (the CI smoke: 8k/s, over its few seconds, to keep the fills short).
  const backlog = Math.ceil((o.quick ? 8_000 : 12_000) * (o.warmup + o.seconds + 2));
  const history = o.quick ? 5_000 : 20_000;
  await c.reset(ctx, backlog, history);
  await settle(ctx.admin, c.tables);
  await resetTableStats(ctx.admin, c.tables);

  const counters = new Counters();
  const running = claims ? await c.startClaims!(ctx, clients, counters) : await c.start(ctx, clients, counters);
  await sleep(o.warmup * 1000);

  const cpu = new CpuSampler();
  cpu.start(await backendPids(ctx.admin), running.serverPid ?? null);
  const c0 = await running.completed();
  const lsn0 = await walPosition(ctx.admin);
  const t0 = performance.now();
  counters.recording = true;
  await sleep(o.seconds * 1000);
  counters.recording = false;
  const c1 = await running.completed();
  const lsn1 = await walPosition(ctx.admin);
  const windowS = (performance.now() - t0) / 1000;
  const cpuWin = cpu.stop();
  await running.stop();
  await sleep(1200); // backends flush their table counters at most once a second
  const stats = await tableStats(ctx.admin, c.tables);
  const own = wal ? await wal.bytes(lsn0.lsn, lsn1.lsn) : null;

  const cycles = c1 - c0;
  const lat = counters.latencies.sort((a, b) => a - b);
  const upd = stats.reduce((a, s) => a + s.n_tup_upd, 0);
  const hot = stats.reduce((a, s) => a + s.n_tup_hot_upd, 0);
  return {
    contender: c.name,
    ...(claims ? { kind: 'claims' as const } : {}),
    clients,
    window_s: Math.round(windowS * 100) / 100,
    cycles,
    cycles_per_s: cycles / windowS,
    claim_p50_ms: percentile(lat, 50),
    claim_p99_ms: percentile(lat, 99),
    claim_samples: lat.length,
    wal_bytes_per_cycle: cycles > 0 ? (own ? own.total : Number(lsn1.bytes - lsn0.bytes)) / cycles : null,
    wal_fpi_bytes_per_cycle: cycles > 0 && own ? own.fpi / cycles : null,
    wal_cluster_bytes_per_cycle: cycles > 0 ? Number(lsn1.bytes - lsn0.bytes) / cycles : null,
    wal_scope: own ? 'database' : 'cluster',
    index_inserts_per_cycle: cycles > 0 && own ? own.btreeInserts / cycles : null,
    dead_tuples: stats.reduce((a, s) => a + s.n_dead_tup, 0),
    hot_pct: upd > 0 ? (hot / upd) * 100 : null,
    autovacuums: stats.reduce((a, s) => a + s.autovacuum_count, 0),
    empty_claims: counters.empty,
    errors: counters.errors,
    first_error: counters.firstError,
    cpu: cpuWin,
    tables: stats,
  };
}

function failedPoint(contender: string, clients: number, e: unknown, claims = false): PointResult {
  return {
    contender, ...(claims ? { kind: 'claims' as const } : {}), clients, window_s: 0, cycles: 0, cycles_per_s: 0, claim_p50_ms: null, claim_p99_ms: null, claim_samples: 0,
    wal_bytes_per_cycle: null, wal_fpi_bytes_per_cycle: null, wal_cluster_bytes_per_cycle: null, wal_scope: 'cluster',
    dead_tuples: 0, hot_pct: null, autovacuums: 0, empty_claims: 0, errors: 1,
    first_error: e instanceof Error ? e.message : String(e),
    cpu: { client_pct_of_core: 0, backends_pct_of_core: null, server_pct_of_core: null, machine_busy_pct: null, cores: cpus().length },
    tables: [],
  };
}

async function main(): Promise<void> {
  const o = options();
  const started = new Date();
  const db = await openBenchDatabase(o.keep);
  log(`database ${db.name}${db.created ? ' (created)' : ' (BENCH_DATABASE_URL)'}`);
  const admin = postgres(db.url, { max: 1, onnotice: () => {} });
  const ctx: Ctx = { url: db.url, admin, queue: 'bench', noMigrate: o.noMigrate };
  const notes: string[] = [
    'One cycle = claim (one transaction) + complete (another); graphile-worker: one job fetched, run (no-op) and deleted.',
    'switchboard-team: the switchboard cycle on a team queue, the todos added by one endpoint of the team and claimed and completed by another.',
    'Every point starts from fresh tables with a backlog that cannot drain, VACUUM ANALYZE and a CHECKPOINT; then warm-up, then the timed window.',
    'The benchmark client (Node) runs on the same machine and competes with Postgres for the cores: see the client CPU column.',
    'graphile-worker claim latency: from its worker:getJob:start event to job:start (its getJob round trip). pg-boss runs with supervise and schedule off.',
  ];
  let exitCode = 0;
  try {
    const mcp = await loadMcpContender(root);
    if (!mcp.contender) notes.push(`switchboard-mcp: not measured — ${mcp.reason}`);
    const all: Contender[] = [switchboard, switchboardTeam, switchboardNoHistory, bare, graphileWorker, pgBoss,
      ...(mcp.contender ? [mcp.contender, mcpFloorContender(root)] : []), switchboardProxied()];
    const contenders = o.only ? all.filter((c) => o.only!.includes(c.name)) : all;
    const postgresSettings = await readSettings(admin);
    const wal = await walReader(admin);
    notes.push(wal
      ? 'WAL per cycle counts only this database\'s records (and its commits), read with pg_waldump; FPI = the full-page images among them. The cluster-wide LSN difference is in the JSON.'
      : 'WAL per cycle is the cluster-wide pg_current_wal_lsn() difference (pg_waldump not usable here): writes by other databases count too.');
    const points: PointResult[] = [];
    const info: RunInfo = {
      started_at: started.toISOString(),
      finished_at: '',
      machine: {
        cores: cpus().length,
        cpu_model: cpus()[0]?.model ?? 'unknown',
        memory_gib: Math.round(totalmem() / 2 ** 30),
        node: process.version,
        platform: `${process.platform} ${process.arch}`,
      },
      postgres: postgresSettings,
      options: { ...o, out: relative(root, o.out) || '.' },
      notes,
    };
    let scale: unknown = null;

    if (!o.scaleOnly) {
      for (const c of contenders) {
        log(`install ${c.name}`);
        await c.install(ctx);
      }
      // Client counts outermost, so the contenders compared at one count are measured minutes apart, not tens.
      // With --repeat, the passes at one count alternate the contenders' order (A B C, C B A, ...), so a slow spell
      // of a shared machine lands on each of them in turn; the median pass of each stands for the point.
      for (const n of o.clients) {
        const passes = new Map<string, PointResult[]>();
        for (let r = 0; r < o.repeat; r++) {
          for (const c of r % 2 ? [...contenders].reverse() : contenders) {
            log(`${c.name} @ ${n} clients${o.repeat > 1 ? ` (pass ${r + 1}/${o.repeat})` : ''}: reset, ${o.warmup}s warm-up, ${o.seconds}s`);
            let p: PointResult;
            try {
              p = await measurePoint(ctx, c, n, o, wal);
            } catch (e) {
              // A contender that cannot start (or reset) is reported as having done nothing; the others still run.
              p = failedPoint(c.name, n, e);
            }
            passes.set(c.name, [...(passes.get(c.name) ?? []), p]);
            log(`  ${Math.round(p.cycles_per_s)} cycles/s, claim p50 ${p.claim_p50_ms?.toFixed(2)} ms, p99 ${p.claim_p99_ms?.toFixed(2)} ms` +
                `${p.errors ? `, ${p.errors} errors (${p.first_error})` : ''}${p.empty_claims ? `, ${p.empty_claims} empty claims` : ''}`);
          }
        }
        for (const c of contenders) points.push(medianPass(passes.get(c.name) ?? []));
      }
      // Claim-only points: claim_next under contention from a deep backlog, nothing completed (ADR-0039's measure of
      // what history costs a claim), for the contenders that have them, in the same alternating passes.
      const claimers = contenders.filter((c) => c.startClaims);
      for (const n of o.claimClients) {
        const passes = new Map<string, PointResult[]>();
        for (let r = 0; r < o.repeat; r++) {
          for (const c of r % 2 ? [...claimers].reverse() : claimers) {
            log(`${c.name} @ ${n} clients, claims only${o.repeat > 1 ? ` (pass ${r + 1}/${o.repeat})` : ''}: reset, ${o.warmup}s warm-up, ${o.seconds}s`);
            let p: PointResult;
            try {
              p = await measurePoint(ctx, c, n, o, wal, true);
            } catch (e) {
              p = failedPoint(c.name, n, e, true);
            }
            passes.set(c.name, [...(passes.get(c.name) ?? []), p]);
            log(`  ${Math.round(p.cycles_per_s)} claims/s, claim p50 ${p.claim_p50_ms?.toFixed(2)} ms, p99 ${p.claim_p99_ms?.toFixed(2)} ms` +
                `${p.errors ? `, ${p.errors} errors (${p.first_error})` : ''}${p.empty_claims ? `, ${p.empty_claims} empty claims` : ''}`);
          }
        }
        for (const c of claimers) points.push(medianPass(passes.get(c.name) ?? []));
      }
      for (const c of contenders) await c.close?.(ctx);
      const rs = ratios(points, o.clients, o.claimClients);
      process.stdout.write(`\n${consoleTable(points)}\n\nRatios (same run):\n${ratioLines(rs).map((l) => `  ${l}`).join('\n')}\n`);
      for (const n of notes) process.stdout.write(`note: ${n}\n`);

      mkdirSync(o.out, { recursive: true });
      const chart = join(o.out, 'throughput.png');
      await renderChart(points.filter((p) => p.kind !== 'claims'), `Claim+complete cycles/s, ${info.machine.cores} cores, PostgreSQL ${postgresSettings.server_version.split(" ")[0]} — ${started.toISOString().slice(0, 10)}`, chart);
      info.finished_at = new Date().toISOString();
      writeFileSync(join(o.out, 'results.md'), markdown(info, points, rs, 'throughput.png'));
      log(`wrote ${relative(process.cwd(), chart)} and ${relative(process.cwd(), join(o.out, 'results.md'))}`);

      // The smoke check: every contender completed work at every point. Never a speed.
      const idle = points.filter((p) => p.cycles <= 0);
      if (idle.length) {
        exitCode = 1;
        for (const p of idle) process.stderr.write(`FAIL: ${p.contender} @ ${p.clients} completed no work${p.first_error ? `: ${p.first_error}` : ''}\n`);
      }
      for (const c of contenders) {
        if (!points.some((p) => p.contender === c.name)) {
          exitCode = 1;
          process.stderr.write(`FAIL: ${c.name} was not measured\n`);
        }
      }
    }

    if (o.scale) {
      mkdirSync(o.out, { recursive: true });
      scale = await runScale(ctx, o.quick, log, o.out);
    }
    info.finished_at = new Date().toISOString();
    if (o.json) {
      writeFileSync(resolve(o.json), `${JSON.stringify({ info, points, ratios: ratios(points, o.clients, o.claimClients), scale }, null, 2)}\n`);
      log(`wrote ${o.json}`);
    }
  } finally {
    await admin.end({ timeout: 5 });
    await db.drop();
  }
  process.exit(exitCode);
}

main().catch((e) => {
  process.stderr.write(`bench failed: ${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
