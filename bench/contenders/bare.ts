// Contender "bare": switchboard's lease semantics with no attempt history — a minimal table and two statements.
import postgres from 'postgres';
import { clientLoop, type Contender, type Counters, type Ctx, type Running } from '../lib/contender.js';

// The same lease rules as claim_next/complete: take over a lapsed lease first, else the best ready job
// (priority, then ready time) with FOR UPDATE SKIP LOCKED; complete only by the holder of a live lease.
// What is left out is exactly the attempt history (and the JSON documents, tenancy and settings reads).
export const BARE_CLAIM = `
  with pick as (
    select id from (select id from bare.jobs
                     where queue = $1 and state = 'claimed' and lease_expires_at <= now() and attempt < max_attempts
                     order by lease_expires_at limit 1 for update skip locked) lapsed
    union all
    select id from (select id from bare.jobs
                     where queue = $1 and ready_at <= now()
                     order by priority desc, ready_at limit 1 for update skip locked) ready
    limit 1
  )
  update bare.jobs j
     set state = 'claimed', attempt = j.attempt + 1, owner = $2, lease_expires_at = now() + interval '300 seconds',
         ready_at = null, updated_at = now()
    from pick where j.id = pick.id
  returning j.id, j.payload, j.attempt`;

export const BARE_COMPLETE = `
  update bare.jobs
     set state = 'done', owner = null, lease_expires_at = null, result = $3::jsonb, updated_at = now()
   where id = $1 and state = 'claimed' and owner = $2 and lease_expires_at > now()
  returning id`;

export const bare: Contender = {
  name: 'bare',
  describe: 'one UPDATE ... FOR UPDATE SKIP LOCKED to claim, one UPDATE to complete; prepared; no history',
  tables: ['bare.jobs'],

  async install(ctx: Ctx) {
    await ctx.admin.unsafe(`
      create schema if not exists bare;
      create table if not exists bare.jobs (
        id               bigint generated always as identity primary key,
        queue            text not null,
        payload          jsonb not null default '{}',
        priority         integer not null default 0,
        state            text not null default 'pending',
        attempt          integer not null default 0,
        max_attempts     integer not null default 5,
        owner            text,
        lease_expires_at timestamptz,
        ready_at         timestamptz,
        result           jsonb,
        created_at       timestamptz not null default now(),
        updated_at       timestamptz not null default now()
      ) with (fillfactor = 80);
      create index if not exists bare_jobs_ready_idx on bare.jobs (queue, priority desc, ready_at) where ready_at is not null;
      create index if not exists bare_jobs_leased_idx on bare.jobs (queue, lease_expires_at) where state = 'claimed';`);
  },

  async reset(ctx: Ctx, backlog: number, history: number) {
    await ctx.admin`truncate bare.jobs`;
    await ctx.admin`
      insert into bare.jobs (queue, payload, state, attempt, result, created_at, updated_at)
      select ${ctx.queue}::text, jsonb_build_object('n', g), 'done', 1, '{"ok": true}',
             now() - interval '2 hours', now() - interval '90 minutes'
        from generate_series(1, ${history}::int) g`;
    await ctx.admin`
      insert into bare.jobs (queue, payload, ready_at, created_at, updated_at)
      select ${ctx.queue}::text, jsonb_build_object('n', g), x.t, x.t, x.t
        from generate_series(1, ${backlog}::int) g,
             lateral (select now() - interval '1 hour' + g * interval '1 millisecond' as t) x`;
  },

  async start(ctx: Ctx, clients: number, counters: Counters): Promise<Running> {
    const sql = postgres(ctx.url, { max: clients, prepare: true, onnotice: () => {}, idle_timeout: 0 });
    let stop = false;
    const conns = await Promise.all(Array.from({ length: clients }, () => sql.reserve()));
    const owner = 'agent:bench-agent';
    const result = '{"ok": true}';
    const loops = conns.map((c) =>
      clientLoop<string>(
        counters,
        () => stop,
        async () => {
          const rows = await c.unsafe(BARE_CLAIM, [ctx.queue, owner], { prepare: true });
          return rows.length ? String(rows[0].id) : null;
        },
        async (id) => {
          const rows = await c.unsafe(BARE_COMPLETE, [id, owner, result], { prepare: true });
          if (rows.length !== 1) throw new Error('bare: complete matched no live lease');
        },
      ),
    );
    return {
      async stop() {
        stop = true;
        await Promise.all(loops);
        conns.forEach((c) => c.release());
        await sql.end({ timeout: 5 });
      },
      async completed() {
        return counters.cycles;
      },
    };
  },
};
