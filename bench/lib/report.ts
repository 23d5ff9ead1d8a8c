// Turns measured points into the console table, the ratios, a markdown page and a PNG chart.
import { writeFileSync } from 'node:fs';
import type { CpuWindow } from './cpu.js';
import type { TableStats } from './db.js';

export interface PointResult {
  contender: string;
  /** 'claims': a claim-only point (the clients only claim; cycles are claims). Absent: claim+complete cycles. */
  kind?: 'claims';
  clients: number;
  window_s: number;
  cycles: number;
  cycles_per_s: number;
  claim_p50_ms: number | null;
  claim_p99_ms: number | null;
  claim_samples: number;
  /** This database's WAL when pg_waldump could read it (wal_scope 'database'), else the cluster's. */
  wal_bytes_per_cycle: number | null;
  wal_fpi_bytes_per_cycle: number | null;
  wal_cluster_bytes_per_cycle: number | null;
  wal_scope: 'database' | 'cluster';
  /** B-tree index entries written per cycle (INSERT_LEAF records in this database's WAL; null without pg_waldump). */
  index_inserts_per_cycle?: number | null;
  /** n_dead_tup summed over the contender's tables when the point ended (counters zeroed at its start). */
  dead_tuples: number;
  /** Share of updates that were HOT over the whole point, warm-up included (null: no updates). */
  hot_pct: number | null;
  autovacuums: number;
  empty_claims: number;
  errors: number;
  first_error: string | null;
  cpu: CpuWindow;
  tables: TableStats[];
  /** With --repeat: cycles/s of every pass, in the order run (this point is the median one). */
  passes_cycles_per_s?: number[];
}

export interface Ratio {
  name: string;
  clients: number | null;
  value: number | null;
  note?: string;
}

export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

function point(points: PointResult[], contender: string, clients: number, claims = false): PointResult | undefined {
  return points.find((x) => x.contender === contender && x.clients === clients && (x.kind === 'claims') === claims);
}

function rate(points: PointResult[], contender: string, clients: number, claims = false): number | null {
  const p = point(points, contender, clients, claims);
  return p && p.cycles > 0 ? p.cycles_per_s : null;
}

function div(a: number | null, b: number | null): number | null {
  return a === null || b === null || b === 0 ? null : a / b;
}

/** Every ratio the issues ask for, each from this run's own points. */
export function ratios(points: PointResult[], clientCounts: number[], claimCounts: number[] = []): Ratio[] {
  const out: Ratio[] = [];
  // ADR-0039's Confirmation: what attempt history costs, against the same verb layer without it.
  for (const c of claimCounts) {
    const v = div(rate(points, 'switchboard', c, true), rate(points, 'switchboard-no-history', c, true));
    if (v !== null) out.push({ name: 'switchboard / switchboard-no-history, claims only (ADR-0039: >= 0.90)', clients: c, value: v });
  }
  for (const c of clientCounts) {
    const v = div(rate(points, 'switchboard', c), rate(points, 'switchboard-no-history', c));
    if (v !== null) out.push({ name: 'switchboard / switchboard-no-history, cycle (ADR-0039: >= 0.90)', clients: c, value: v });
  }
  // ADR-0038: a team queue's cycle against the personal queue's, and against graphile-worker like it.
  for (const c of claimCounts) {
    const v = div(rate(points, 'switchboard-team', c, true), rate(points, 'switchboard', c, true));
    if (v !== null) out.push({ name: 'switchboard-team / switchboard, claims only', clients: c, value: v });
  }
  const pairs: [string, string, string][] = [
    ['switchboard / bare', 'switchboard', 'bare'],
    ['switchboard / graphile-worker', 'switchboard', 'graphile-worker'],
    ['switchboard-team / switchboard', 'switchboard-team', 'switchboard'],
    ['switchboard-team / graphile-worker', 'switchboard-team', 'graphile-worker'],
    ['switchboard / pg-boss', 'switchboard', 'pg-boss'],
    ['MCP / direct SQL', 'switchboard-mcp', 'switchboard'],
    ['proxied / direct SQL (the PL/Proxy hop)', 'switchboard-proxied', 'switchboard'],
  ];
  for (const [name, a, b] of pairs) {
    for (const c of clientCounts) {
      const v = div(rate(points, a, c), rate(points, b, c));
      if (v !== null) out.push({ name, clients: c, value: v });
    }
  }
  // Issue 33's two targets, in CPU rather than throughput (steadier when other work shares the cores): the MCP
  // server's CPU per tools/call (a cycle is two: claim_next, complete) against Postgres's per SQL cycle, and the SQL
  // cycle's Postgres CPU against graphile-worker's.
  for (const c of clientCounts) {
    const call = (name: string) => serverCpuMsPerCall(point(points, name, c));
    const sqlCycle = pgCpuMsPerCycle(point(points, 'switchboard', c));
    const mcp = call('switchboard-mcp');
    if (mcp !== null && sqlCycle !== null) {
      out.push({ name: 'MCP server CPU per tools/call / PG CPU per SQL cycle (issue 33: <= 0.5)', clients: c, value: div(mcp, sqlCycle), note: `${mcp.toFixed(3)} ms per call` });
    }
    const floor = call('mcp-floor');
    if (mcp !== null && floor !== null) out.push({ name: 'MCP server CPU per tools/call / mcp-floor\'s', clients: c, value: div(mcp, floor) });
    const gw = pgCpuMsPerCycle(point(points, 'graphile-worker', c));
    if (sqlCycle !== null && gw !== null) {
      out.push({ name: 'PG CPU per cycle: switchboard / graphile-worker (issue 33: <= 1.5)', clients: c, value: div(sqlCycle, gw) });
    }
  }
  const maxClients = Math.max(...clientCounts);
  for (const contender of [...new Set(points.map((p) => p.contender))]) {
    const mine = points.filter((p) => p.contender === contender && p.kind !== 'claims');
    if (mine.length === 0) continue;
    const peak = Math.max(...mine.map((p) => p.cycles_per_s));
    const peakAt = mine.find((p) => p.cycles_per_s === peak)?.clients;
    out.push({
      name: `${contender}: ${maxClients} clients / peak`,
      clients: maxClients,
      value: div(rate(points, contender, maxClients), peak),
      note: `peak at ${peakAt} clients`,
    });
  }
  return out;
}

const f0 = (x: number | null) => (x === null ? '—' : Math.round(x).toLocaleString('en-US'));
const f2 = (x: number | null) => (x === null ? '—' : x.toFixed(2));

const HEAD = ['contender', 'clients', 'cycles/s', 'claim p50 ms', 'claim p99 ms', 'WAL B/cycle', 'of it FPI', 'index inserts/cycle', 'dead tuples', 'HOT %',
  'client CPU %core', 'server CPU %core', 'PG backends CPU %core', 'PG CPU ms/cycle', 'machine busy %', 'empty', 'errors'];

/** Postgres CPU spent per cycle: steadier than throughput when other work shares the cores. */
export function pgCpuMsPerCycle(p: PointResult | undefined): number | null {
  return !p || p.cpu.backends_pct_of_core === null || p.cycles_per_s <= 0 ? null : (p.cpu.backends_pct_of_core / 100) * 1000 / p.cycles_per_s;
}

/** The MCP server process's CPU per tools/call (two per cycle: claim_next and complete), in ms. */
export function serverCpuMsPerCall(p: PointResult | undefined): number | null {
  return !p || p.cpu.server_pct_of_core === null || p.cycles_per_s <= 0 ? null : (p.cpu.server_pct_of_core / 100) * 1000 / (2 * p.cycles_per_s);
}

function row(p: PointResult): string[] {
  return [
    p.kind === 'claims' ? `${p.contender} [claims only]` : p.contender, String(p.clients), f0(p.cycles_per_s), f2(p.claim_p50_ms), f2(p.claim_p99_ms),
    p.wal_scope === 'cluster' && p.wal_bytes_per_cycle !== null ? `${f0(p.wal_bytes_per_cycle)}*` : f0(p.wal_bytes_per_cycle),
    f0(p.wal_fpi_bytes_per_cycle), f2(p.index_inserts_per_cycle ?? null), f0(p.dead_tuples), p.hot_pct === null ? '—' : p.hot_pct.toFixed(0), f0(p.cpu.client_pct_of_core),
    f0(p.cpu.server_pct_of_core), f0(p.cpu.backends_pct_of_core), f2(pgCpuMsPerCycle(p)), f0(p.cpu.machine_busy_pct), String(p.empty_claims), String(p.errors),
  ];
}

export function consoleTable(points: PointResult[]): string {
  const rows = [HEAD, ...points.map(row)];
  const w = HEAD.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => (i < 1 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ')).join('\n');
}

export function ratioLines(rs: Ratio[]): string[] {
  return rs.map((r) => `${r.name}${r.name.includes('peak') ? '' : ` @${r.clients}`}: ${r.value === null ? '—' : r.value.toFixed(2)}${r.note ? ` (${r.note})` : ''}`);
}

export interface RunInfo {
  started_at: string;
  finished_at: string;
  machine: { cores: number; cpu_model: string; memory_gib: number; node: string; platform: string };
  postgres: Record<string, string>;
  options: Record<string, unknown>;
  notes: string[];
}

export function markdown(info: RunInfo, points: PointResult[], rs: Ratio[], chartFile: string | null): string {
  const lines: string[] = [];
  lines.push(`# Benchmark run ${info.started_at}`, '');
  lines.push(`Machine: ${info.machine.cores} cores (${info.machine.cpu_model}), ${info.machine.memory_gib} GiB, ${info.machine.platform}, Node ${info.machine.node}.`);
  lines.push(`Options: \`${JSON.stringify(info.options)}\`.`, '');
  if (chartFile) lines.push(`![cycles/s against clients](${chartFile})`, '');
  lines.push(`| ${HEAD.join(' | ')} |`, `|${HEAD.map((_, i) => (i < 1 ? '---' : '---:')).join('|')}|`);
  for (const p of points) lines.push(`| ${row(p).join(' | ')} |`);
  if (points.some((p) => p.wal_scope === 'cluster')) {
    lines.push('', '\\* WAL of the whole cluster (pg_waldump could not read this window: its segments were already recycled), so other databases\' writes are included.');
  }
  lines.push('', '## Ratios (same run)', '');
  for (const l of ratioLines(rs)) lines.push(`- ${l}`);
  lines.push('', '## PostgreSQL settings', '');
  lines.push('| setting | value |', '|---|---|');
  for (const [k, v] of Object.entries(info.postgres)) lines.push(`| ${k} | ${v === '' ? '(empty)' : v} |`);
  if (info.notes.length) {
    lines.push('', '## Notes', '');
    for (const n of info.notes) lines.push(`- ${n}`);
  }
  lines.push('');
  return lines.join('\n');
}

/** Throughput against clients, one line per contender: a Vega spec rendered to SVG, then to PNG by resvg. */
export async function renderChart(points: PointResult[], title: string, file: string): Promise<void> {
  const vega = await import('vega');
  const { Resvg } = await import('@resvg/resvg-js');
  const values = points.map((p) => ({ clients: p.clients, rate: Math.round(p.cycles_per_s), contender: p.contender }));
  const spec = {
    $schema: 'https://vega.github.io/schema/vega/v5.json',
    width: 640,
    height: 360,
    padding: 12,
    background: 'white',
    title: { text: title, fontSize: 14 },
    data: [{ name: 'points', values }],
    scales: [
      { name: 'x', type: 'log', base: 2, domain: { data: 'points', field: 'clients' }, range: 'width', nice: false },
      { name: 'y', type: 'linear', domain: { data: 'points', field: 'rate' }, range: 'height', zero: true, nice: true },
      { name: 'color', type: 'ordinal', domain: { data: 'points', field: 'contender' }, range: 'category' },
    ],
    axes: [
      { orient: 'bottom', scale: 'x', title: 'concurrent clients', values: [...new Set(values.map((v) => v.clients))], format: 'd' },
      { orient: 'left', scale: 'y', title: 'claim+complete cycles/s (jobs/s)', grid: true, format: ',d' },
    ],
    legends: [{ fill: 'color', stroke: 'color', title: 'contender', orient: 'right', symbolType: 'stroke' }],
    marks: [
      {
        type: 'group',
        from: { facet: { name: 'series', data: 'points', groupby: 'contender' } },
        marks: [
          {
            type: 'line',
            from: { data: 'series' },
            sort: { field: 'datum.clients' },
            encode: {
              enter: {
                x: { scale: 'x', field: 'clients' },
                y: { scale: 'y', field: 'rate' },
                stroke: { scale: 'color', field: 'contender' },
                strokeWidth: { value: 2.5 },
              },
            },
          },
          {
            type: 'symbol',
            from: { data: 'series' },
            encode: {
              enter: {
                x: { scale: 'x', field: 'clients' },
                y: { scale: 'y', field: 'rate' },
                fill: { scale: 'color', field: 'contender' },
                size: { value: 40 },
              },
            },
          },
        ],
      },
    ],
  };
  const view = new vega.View(vega.parse(spec as never), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  const png = new Resvg(svg, { background: 'white', fitTo: { mode: 'zoom', value: 2 } }).render().asPng();
  writeFileSync(file, png);
}
