// Contender "graphile-worker": graphile-worker 0.17.3's own job loop (defaults: unbatched), no-op tasks, drained from a backlog.
import { Logger, run, runMigrations, type Runner } from 'graphile-worker';
import { type Contender, type Counters, type Ctx, type Running } from '../lib/contender.js';

// Its own schema, apart from the graphile_worker schema switchboard's migration installs for its own jobs.
const SCHEMA = 'bench_gw';
const silent = new Logger(() => () => {});

export const graphileWorker: Contender = {
  name: 'graphile-worker',
  describe: 'graphile-worker 0.17.3 run({concurrency: N}), defaults (no batching, prepared), no-op task; one getJob + one completeJob per job',
  tables: [`${SCHEMA}._private_jobs`],

  async install(ctx: Ctx) {
    await runMigrations({ connectionString: ctx.url, schema: SCHEMA, logger: silent });
    await ctx.admin.unsafe(`insert into ${SCHEMA}._private_tasks (identifier) values ('noop') on conflict do nothing`);
  },

  async reset(ctx: Ctx, backlog: number) {
    // Completed graphile-worker jobs are deleted, so there is no history to pre-fill.
    await ctx.admin.unsafe(`truncate ${SCHEMA}._private_jobs`);
    await ctx.admin.unsafe(
      `insert into ${SCHEMA}._private_jobs (task_id, payload, run_at, created_at, updated_at)
       select t.id, json_build_object('n', g), x.t, x.t, x.t
         from ${SCHEMA}._private_tasks t, generate_series(1, $1::int) g,
              lateral (select now() - interval '1 hour' + g * interval '1 millisecond' as t) x
        where t.identifier = 'noop'`,
      [backlog],
    );
  },

  async start(ctx: Ctx, clients: number, counters: Counters): Promise<Running> {
    const [{ n: initial }] = await ctx.admin.unsafe(`select count(*)::int as n from ${SCHEMA}._private_jobs`);
    // Claim latency: from the worker asking for a job to the job starting (its getJob round trip).
    const asked = new Map<unknown, number>();
    const runner: Runner = await run({
      connectionString: ctx.url,
      schema: SCHEMA,
      concurrency: clients,
      // The pool must not be the bottleneck: one connection per worker plus the listener.
      maxPoolSize: clients + 2,
      noHandleSignals: true,
      logger: silent,
      taskList: { noop: async () => {} },
    });
    runner.events.on('worker:getJob:start', ({ worker }) => asked.set(worker, performance.now()));
    runner.events.on('job:start', ({ worker }) => {
      const t0 = asked.get(worker);
      if (t0 !== undefined) counters.claimLatency(performance.now() - t0);
    });
    runner.events.on('worker:getJob:empty', () => counters.empty++);
    runner.events.on('job:error', ({ error }) => counters.error(error));
    const remaining = async () => {
      const [{ n }] = await ctx.admin.unsafe(`select count(*)::int as n from ${SCHEMA}._private_jobs`);
      return Number(n);
    };
    return {
      async stop() {
        await runner.stop();
        counters.cycles = initial - (await remaining());
      },
      async completed() {
        // A job is done when its row is deleted; count from the database, not from the library's events.
        return initial - (await remaining());
      },
    };
  },
};
