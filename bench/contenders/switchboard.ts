// Contender "switchboard": switchboard.claim_next + switchboard.complete over the postgres driver, attempt history on.
import postgres from 'postgres';
import { migrateDatabase } from '../../src/migrate.js';
import { clientLoop, type Contender, type Counters, type Ctx, type Running } from '../lib/contender.js';

let endpointId = '';

export const switchboard: Contender = {
  name: 'switchboard',
  describe: 'select switchboard.claim_next(...) then select switchboard.complete(...): two prepared statements, one round trip each',
  tables: ['switchboard.todos', 'switchboard.earlier_attempts'],

  async install(ctx: Ctx) {
    if (!ctx.noMigrate) await migrateDatabase(ctx.url, { quiet: true });
    endpointId = await benchEndpoint(ctx, 'bench-agent');
  },

  async reset(ctx: Ctx, backlog: number, history: number) {
    await fillSwitchboard(ctx, endpointId, backlog, history);
  },

  async start(ctx: Ctx, clients: number, counters: Counters): Promise<Running> {
    return startSwitchboardClients(ctx.url, endpointId, ctx.queue, clients, counters);
  },

  async startClaims(ctx: Ctx, clients: number, counters: Counters): Promise<Running> {
    return startSwitchboardClaimers(ctx.url, endpointId, ctx.queue, clients, counters);
  },
};

/** Team todos (ADR-0038): in the team's scope, added by `endpoint` (provenance), the history's claims by another. */
export interface TeamFill {
  teamId: string;
  /** The team endpoint whose agent held the done todos' leases. */
  claimer: string;
  claimerAgent: string;
}

/**
 * Fresh todos: `history` done todos with one closed attempt each (so the todos table has realistic, analysed
 * contents and no plan is cached against an empty table), then `backlog` pending todos ready in FIFO order. With
 * `team`, every row is the team's (`team_id` set; `endpoint_id` stays the adding endpoint), as add_todo by `endpoint`
 * to a team queue writes it.
 */
export async function fillSwitchboard(
  ctx: Ctx, endpoint: string, backlog: number, history: number, queue = ctx.queue, team: TeamFill | null = null,
) {
  // The column team_id exists from migration 000020 on: named only for team todos, so older revisions still fill.
  const teamCol = team ? ctx.admin`team_id, ` : ctx.admin``;
  const teamVal = team ? ctx.admin`${team.teamId}::uuid, ` : ctx.admin``;
  // bench/ab.ts --a-rev measures a revision from before migration 000010 too, where attempts were rows of a table.
  const [{ heads }] = await ctx.admin`
    select exists (select 1 from pg_attribute where attrelid = 'switchboard.todos'::regclass and attname = 'head_claimer_kind') as heads`;
  if (!heads) {
    await ctx.admin`truncate switchboard.todo_attempts, switchboard.todos`;
    await ctx.admin`
      with t as (
        insert into switchboard.todos (endpoint_id, queue, payload, state, attempt, max_attempts, last_seq, result,
                                       run_at, created_at, updated_at)
        select ${endpoint}::uuid, ${queue}::text, jsonb_build_object('n', g), 'done', 1, 5, 1, '{"ok": true}',
               now() - interval '2 hours', now() - interval '2 hours', now() - interval '90 minutes'
          from generate_series(1, ${history}::int) g
        returning id, updated_at
      )
      insert into switchboard.todo_attempts (todo_id, seq, attempt, claimer_kind, endpoint_id, owner, claimed_at,
                                             lease_expires_at, ended_at, outcome, disposition)
      select t.id, 1, 1, 'endpoint', ${endpoint}::uuid, 'agent:bench-agent', t.updated_at - interval '1 minute',
             t.updated_at + interval '4 minutes', t.updated_at, 'completed', 'done'
        from t`;
  } else {
    // cascade: the rows that refer to todos (A2A tasks, webhook deliveries) go too.
    await ctx.admin`truncate switchboard.earlier_attempts, switchboard.todos cascade`;
    // A done todo's one attempt is its head (todos.head_*, migration 000010): closed, completed/done.
    await ctx.admin`
      insert into switchboard.todos (${teamCol}endpoint_id, queue, payload, state, attempt, max_attempts, last_seq, result,
                                     run_at, created_at, updated_at, head_attempt, head_claimer_kind, head_endpoint_id,
                                     head_owner, head_claimed_at, head_lease_expires_at, head_ended_at, head_outcome,
                                     head_disposition)
      select ${teamVal}${endpoint}::uuid, ${queue}::text, jsonb_build_object('n', g), 'done', 1, 5, 1, '{"ok": true}',
             now() - interval '2 hours', now() - interval '2 hours', now() - interval '90 minutes', 1, 'endpoint',
             ${team?.claimer ?? endpoint}::uuid, ${`agent:${team?.claimerAgent ?? 'bench-agent'}`}::text,
             now() - interval '91 minutes', now() - interval '86 minutes', now() - interval '90 minutes', 'completed', 'done'
        from generate_series(1, ${history}::int) g`;
  }
  await ctx.admin`
    insert into switchboard.todos (${teamCol}endpoint_id, queue, payload, max_attempts, run_at, ready_at, created_at, updated_at)
    select ${teamVal}${endpoint}::uuid, ${queue}::text, jsonb_build_object('n', g), 5, x.t, x.t, x.t, x.t
      from generate_series(1, ${backlog}::int) g,
           lateral (select now() - interval '1 hour' + g * interval '1 millisecond' as t) x`;
}

export async function startSwitchboardClients(
  url: string,
  endpoint: string,
  queue: string,
  clients: number,
  counters: Counters,
  claimOnly = false,
): Promise<Running> {
  const sql = postgres(url, { max: clients, prepare: true, onnotice: () => {}, idle_timeout: 0 });
  let stop = false;
  const conns = await Promise.all(Array.from({ length: clients }, () => sql.reserve()));
  const result = sql.json({ ok: true });
  const loops = conns.map((c) =>
    clientLoop<string>(
      counters,
      () => stop,
      async () => {
        const [r] = await c`select switchboard.claim_next(endpoint_id => ${endpoint}::uuid, queue => ${queue}::text) as doc`;
        return r.doc.empty ? null : (r.doc.id as string);
      },
      claimOnly
        ? null
        : async (id) => {
            await c`select switchboard.complete(endpoint_id => ${endpoint}::uuid, todo_id => ${id}::uuid, result => ${result}::jsonb) as doc`;
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
}

/** Clients that only claim_next (each claim a cycle): claim throughput under claim_next contention. */
export function startSwitchboardClaimers(url: string, endpoint: string, queue: string, clients: number, counters: Counters): Promise<Running> {
  return startSwitchboardClients(url, endpoint, queue, clients, counters, true);
}

/** An endpoint for the benchmark's agents (reused when the database already has one). */
export async function benchEndpoint(ctx: Ctx, agentId: string): Promise<string> {
  const [found] = await ctx.admin`
    select e.id from switchboard.endpoints e join switchboard.owners o on o.id = e.owner_id
     where o.handle = 'bench' and e.agent_id = ${agentId} and e.revoked_at is null limit 1`;
  if (found) return found.id;
  let [o] = await ctx.admin`select id from switchboard.owners where handle = 'bench'`;
  if (!o) [o] = await ctx.admin`select (switchboard.add_owner(handle => 'bench'))->>'owner_id' as id`;
  const [e] = await ctx.admin`
    select switchboard.vend_endpoint(owner_id => ${o.id}::uuid, agent_id => ${agentId},
                                     verbs => array['add_todo','claim_next','complete','heartbeat','fail','release']::text[]) as doc`;
  return e.doc.endpoint_id;
}

export function switchboardEndpoint(): string {
  return endpointId;
}
