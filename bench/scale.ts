// `--scale`: claim latency at 10k vs 1M pending todos (and 5M attempt rows), reap of 100k lapsed leases and prune
// of 1M terminal todos, each while claims continue. Data is made set-based (generate_series), never row by row.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchEndpoint, fillSwitchboard, startSwitchboardClients, switchboard } from './contenders/switchboard.js';
import { Counters, type Ctx } from './lib/contender.js';
import { settle, sleep } from './lib/db.js';
import { percentile } from './lib/report.js';

const TABLES = ['switchboard.todos', 'switchboard.earlier_attempts'];

interface ClaimFigures {
  clients: number;
  seconds: number;
  cycles_per_s: number;
  claim_p50_ms: number | null;
  claim_p99_ms: number | null;
}

export interface ScaleResult {
  sizes: Record<string, number>;
  claim_small: ClaimFigures[];
  claim_large: ClaimFigures[];
  claim_p50_ratio_large_small_1_client: number | null;
  reap: { lapsed: number; closed: number; seconds: number; batch: number; claims_before: ClaimFigures; claims_during: ClaimFigures };
  prune: { terminal: number; deleted: number; seconds: number; batch: number; claims_before: ClaimFigures; claims_during: ClaimFigures };
  fill_seconds: Record<string, number>;
}

/**
 * Claims and completes on `clients` connections for `seconds`, or while `during` (started once the clients run)
 * is in progress; latency of each claim.
 */
async function claims(ctx: Ctx, ep: string, clients: number, opts: { seconds?: number; during?: () => Promise<unknown> }): Promise<ClaimFigures> {
  const counters = new Counters();
  const running = await startSwitchboardClients(ctx.url, ep, ctx.queue, clients, counters);
  await sleep(500); // connections made and plans cached before timing
  const c0 = counters.cycles;
  counters.recording = true;
  const t0 = performance.now();
  if (opts.during) await opts.during();
  else await sleep((opts.seconds ?? 5) * 1000);
  const seconds = (performance.now() - t0) / 1000;
  counters.recording = false;
  const cycles = counters.cycles - c0;
  await running.stop();
  if (counters.errors) throw new Error(`claims failed: ${counters.firstError}`);
  const lat = counters.latencies.sort((a, b) => a - b);
  return {
    clients,
    seconds: round2(seconds) ?? 0,
    cycles_per_s: Math.round(cycles / seconds),
    claim_p50_ms: round2(percentile(lat, 50)),
    claim_p99_ms: round2(percentile(lat, 99)),
  };
}

function round2(x: number | null): number | null {
  return x === null ? null : Math.round(x * 100) / 100;
}

async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const r = await f();
  return [r, round2((performance.now() - t0) / 1000)!];
}

/** `done` terminal todos of the endpoint with `perTodo` closed attempts each (failed, failed, ..., completed). */
async function fillHistory(ctx: Ctx, ep: string, done: number, perTodo: number, ageDays: number): Promise<void> {
  // The newest attempt of each done todo is its head (todos.head_*, migration 000010), the earlier ones are rows of
  // earlier_attempts: perTodo attempts per todo, all but the last failed/retry_scheduled.
  await ctx.admin`
    with t as (
      insert into switchboard.todos (endpoint_id, queue, payload, state, attempt, max_attempts, last_seq, result,
                                     run_at, created_at, updated_at, head_attempt, head_claimer_kind, head_endpoint_id,
                                     head_owner, head_claimed_at, head_lease_expires_at, head_ended_at, head_outcome,
                                     head_disposition, head_summary)
      select ${ep}::uuid, ${ctx.queue}::text, jsonb_build_object('n', g), 'done', ${perTodo}::int,
             greatest(${perTodo}::int, 5), ${perTodo}::int, '{"ok": true}', x.t, x.t, x.t, ${perTodo}::int, 'endpoint',
             ${ep}::uuid, 'agent:bench-agent', x.t - interval '10 minutes', x.t - interval '5 minutes',
             x.t - interval '9 minutes', 'completed', 'done', 'tried approach ' || ${perTodo}::int
        from generate_series(1, ${done}::int) g,
             lateral (select now() - make_interval(days => ${ageDays}::int) - g * interval '1 millisecond' as t) x
      returning id, updated_at, scope_id
    )
    insert into switchboard.earlier_attempts (todo_id, seq, attempt, claimer_kind, endpoint_id, owner, claimed_at,
                                              lease_expires_at, ended_at, outcome, disposition, summary, scope_id)
    select t.id, s, s, 'endpoint', ${ep}::uuid, 'agent:bench-agent', t.updated_at - interval '10 minutes',
           t.updated_at - interval '5 minutes', t.updated_at - interval '9 minutes', 'failed', 'retry_scheduled',
           'tried approach ' || s, t.scope_id
      from t, generate_series(1, ${perTodo}::int - 1) s`;
}

export async function runScale(ctx: Ctx, quick: boolean, log: (m: string) => void, out: string): Promise<ScaleResult> {
  const k = quick ? 100 : 1; // --quick --scale: the same steps on 1/100 of the data
  const sizes = {
    small_pending: quick ? 2_000 : 10_000,
    large_pending: 1_000_000 / k,
    large_attempts: 5_000_000 / k,
    lapsed_leases: 100_000 / k,
    terminal_todos: 1_000_000 / k,
    claim_backlog: 300_000 / k,
  };
  const batch = 1000; // what the worker uses for reap and prune (src/worker/tasks.ts, SWITCHBOARD_PRUNE_BATCH)
  const seconds = quick ? 2 : 5;
  log(`scale: install switchboard`);
  await switchboard.install(ctx);
  const ep = await benchEndpoint(ctx, 'bench-agent');
  const lapsedEp = await benchEndpoint(ctx, 'bench-lapsed');
  const fill: Record<string, number> = {};

  // 1. Claim latency at 10k pending (no history), then at 1M pending beside 5M attempt rows.
  const small: ClaimFigures[] = [];
  for (const clients of [1, 4]) {
    await fillSwitchboard(ctx, ep, sizes.small_pending, 0);
    await settle(ctx.admin, TABLES);
    log(`scale: claims at ${sizes.small_pending} pending, ${clients} client(s)`);
    small.push(await claims(ctx, ep, clients, { seconds: quick ? 1 : 6 }));
  }
  log(`scale: filling ${sizes.large_pending} pending todos and ${sizes.large_attempts} attempt rows`);
  [, fill.large] = await timed(async () => {
    await fillSwitchboard(ctx, ep, sizes.large_pending, 0);
    await fillHistory(ctx, ep, sizes.large_attempts / 5, 5, 1);
    await settle(ctx.admin, TABLES);
  });
  const large: ClaimFigures[] = [];
  for (const clients of [1, 4]) {
    log(`scale: claims at ${sizes.large_pending} pending / ${sizes.large_attempts} attempts, ${clients} client(s)`);
    large.push(await claims(ctx, ep, clients, { seconds: quick ? 1 : 6 }));
  }

  // 2. Reap: 100k lapsed leases of another endpoint while this one's agents keep claiming.
  log(`scale: filling ${sizes.lapsed_leases} lapsed leases`);
  [, fill.reap] = await timed(async () => {
    await fillSwitchboard(ctx, ep, sizes.claim_backlog, 0);
    // Each lapsed lease's open attempt is the todo's head (migration 000010).
    await ctx.admin`
      insert into switchboard.todos (endpoint_id, queue, payload, state, attempt, max_attempts, owner, lease_expires_at,
                                     last_seq, run_at, created_at, updated_at, head_attempt, head_claimer_kind,
                                     head_endpoint_id, head_owner, head_claimed_at, head_lease_expires_at)
      select ${lapsedEp}::uuid, 'lapsed', jsonb_build_object('n', g), 'claimed', 1, 5, 'agent:bench-lapsed', x.l, 1,
             now() - interval '1 hour', now() - interval '1 hour', now() - interval '10 minutes', 1, 'endpoint',
             ${lapsedEp}::uuid, 'agent:bench-lapsed', x.l - interval '5 minutes', x.l
        from generate_series(1, ${sizes.lapsed_leases}::int) g,
             lateral (select now() - interval '1 minute' - g * interval '1 millisecond' as l) x`;
    await settle(ctx.admin, TABLES);
  });
  log(`scale: claims before the reap`);
  const reapBefore = await claims(ctx, ep, 4, { seconds });
  log(`scale: reap in batches of ${batch} while 4 clients claim`);
  let reapSeconds = 0;
  let closed = 0;
  const reaping = async () => {
    const t0 = performance.now();
    for (;;) {
      const [r] = await ctx.admin`select switchboard.reap(batch_limit => ${batch}::integer) as n`;
      closed += r.n;
      if (r.n < batch) break;
    }
    reapSeconds = round2((performance.now() - t0) / 1000)!;
  };
  const reapDuring = await claims(ctx, ep, 4, { during: reaping });

  // 3. Prune: 1M terminal todos past retention (40 days old, one attempt each) while claims continue.
  log(`scale: filling ${sizes.terminal_todos} terminal todos past retention`);
  [, fill.prune] = await timed(async () => {
    await fillSwitchboard(ctx, ep, sizes.claim_backlog, 0);
    await fillHistory(ctx, ep, sizes.terminal_todos, 1, 40);
    await settle(ctx.admin, TABLES);
  });
  log(`scale: claims before the prune`);
  const pruneBefore = await claims(ctx, ep, 4, { seconds });
  log(`scale: prune in batches of ${batch} while 4 clients claim`);
  let pruneSeconds = 0;
  let deleted = 0;
  const pruning = async () => {
    const t0 = performance.now();
    for (;;) {
      const [r] = await ctx.admin`select switchboard.prune(batch_limit => ${batch}::integer) as n`;
      deleted += r.n;
      if (r.n < batch) break;
    }
    pruneSeconds = round2((performance.now() - t0) / 1000)!;
  };
  const pruneDuring = await claims(ctx, ep, 4, { during: pruning });

  const result: ScaleResult = {
    sizes,
    claim_small: small,
    claim_large: large,
    claim_p50_ratio_large_small_1_client:
      small[0].claim_p50_ms && large[0].claim_p50_ms ? round2(large[0].claim_p50_ms / small[0].claim_p50_ms) : null,
    reap: { lapsed: sizes.lapsed_leases, closed, seconds: reapSeconds, batch, claims_before: reapBefore, claims_during: reapDuring },
    prune: { terminal: sizes.terminal_todos, deleted, seconds: pruneSeconds, batch, claims_before: pruneBefore, claims_during: pruneDuring },
    fill_seconds: fill,
  };
  const md = scaleMarkdown(result);
  process.stdout.write(`\n${md}\n`);
  writeFileSync(join(out, 'scale.md'), md);
  return result;
}

function claimRow(label: string, f: ClaimFigures): string {
  return `| ${label} | ${f.clients} | ${f.cycles_per_s.toLocaleString('en-US')} | ${f.claim_p50_ms ?? '—'} | ${f.claim_p99_ms ?? '—'} | ${f.seconds} |`;
}

export function scaleMarkdown(r: ScaleResult): string {
  const s = r.sizes;
  const lines = [
    '## Scale and maintenance',
    '',
    '| state | clients | cycles/s | claim p50 ms | claim p99 ms | window s |',
    '|---|---:|---:|---:|---:|---:|',
    ...r.claim_small.map((f) => claimRow(`${s.small_pending.toLocaleString('en-US')} pending, no history`, f)),
    ...r.claim_large.map((f) => claimRow(`${s.large_pending.toLocaleString('en-US')} pending, ${s.large_attempts.toLocaleString('en-US')} attempt rows`, f)),
    claimRow('before reap', r.reap.claims_before),
    claimRow(`during reap of ${r.reap.lapsed.toLocaleString('en-US')} lapsed leases`, r.reap.claims_during),
    claimRow('before prune', r.prune.claims_before),
    claimRow(`during prune of ${r.prune.terminal.toLocaleString('en-US')} terminal todos`, r.prune.claims_during),
    '',
    `- claim p50 at ${s.large_pending.toLocaleString('en-US')} pending / ${s.large_attempts.toLocaleString('en-US')} attempts ÷ at ${s.small_pending.toLocaleString('en-US')} pending (1 client): ${r.claim_p50_ratio_large_small_1_client ?? '—'}`,
    `- reap: ${r.reap.closed.toLocaleString('en-US')} of ${r.reap.lapsed.toLocaleString('en-US')} lapsed leases closed in ${r.reap.seconds} s (batches of ${r.reap.batch}, as the worker does)`,
    `- prune: ${r.prune.deleted.toLocaleString('en-US')} of ${r.prune.terminal.toLocaleString('en-US')} terminal todos deleted in ${r.prune.seconds} s (batches of ${r.prune.batch}; their attempts by cascade)`,
    `- data made in (s): ${Object.entries(r.fill_seconds).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    '',
  ];
  return lines.join('\n');
}
