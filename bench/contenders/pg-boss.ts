// Contender "pg-boss": pg-boss 10 (the newest line that supports Node 20) fetch + complete of no-op jobs.
import PgBoss from 'pg-boss';
import { clientLoop, type Contender, type Counters, type Ctx, type Running } from '../lib/contender.js';

const SCHEMA = 'pgboss';

function boss(url: string, max: number): PgBoss {
  // Maintenance (supervise) and cron (schedule) are off: they are periodic background work that would land
  // at random inside a 15 s window; the switchboard and bare contenders run no maintenance either.
  return new PgBoss({ connectionString: url, schema: SCHEMA, max, supervise: false, schedule: false, migrate: true });
}

export const pgBoss: Contender = {
  name: 'pg-boss',
  describe: 'pg-boss 10.4 fetch(queue, {batchSize: 1}) then complete(queue, id, result); its pg pool (unnamed statements)',
  tables: [`${SCHEMA}.job`],

  async install(ctx: Ctx) {
    const b = boss(ctx.url, 2);
    b.on('error', () => {});
    await b.start();
    await b.createQueue(ctx.queue, { name: ctx.queue, policy: 'standard' });
    await b.stop({ graceful: false, close: true, wait: true });
  },

  async reset(ctx: Ctx, backlog: number, history: number) {
    await ctx.admin.unsafe(`truncate ${SCHEMA}.job`);
    // Completed jobs stay in pgboss.job until maintenance archives them: the history pre-fill.
    await ctx.admin.unsafe(
      `insert into ${SCHEMA}.job (name, data, state, policy, started_on, completed_on, output, created_on, start_after)
       select $1::text, jsonb_build_object('n', g), 'completed', 'standard', now() - interval '91 minutes',
              now() - interval '90 minutes', '{"ok": true}', now() - interval '2 hours', now() - interval '2 hours'
         from generate_series(1, $2::int) g`,
      [ctx.queue, history],
    );
    await ctx.admin.unsafe(
      `insert into ${SCHEMA}.job (name, data, policy, created_on, start_after)
       select $1::text, jsonb_build_object('n', g), 'standard', x.t, x.t
         from generate_series(1, $2::int) g,
              lateral (select now() - interval '1 hour' + g * interval '1 millisecond' as t) x`,
      [ctx.queue, backlog],
    );
  },

  async start(ctx: Ctx, clients: number, counters: Counters): Promise<Running> {
    const b = boss(ctx.url, clients);
    b.on('error', (e) => counters.error(e));
    await b.start();
    let stop = false;
    const result = { ok: true };
    const loops = Array.from({ length: clients }, () =>
      clientLoop<string>(
        counters,
        () => stop,
        async () => {
          const jobs = await b.fetch(ctx.queue, { batchSize: 1 });
          return jobs.length ? jobs[0].id : null;
        },
        async (id) => {
          await b.complete(ctx.queue, id, result);
        },
      ),
    );
    return {
      async stop() {
        stop = true;
        await Promise.all(loops);
        await b.stop({ graceful: false, close: true, wait: true });
      },
      async completed() {
        return counters.cycles;
      },
    };
  },
};
