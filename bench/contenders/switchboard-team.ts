// Contender "switchboard-team": the switchboard cycle on a team queue (ADR-0038), added by one team endpoint, drained by another.
//
// The owner 'bench' makes a team, makes the queue a team queue and vends two endpoints in it: a requester
// ('bench-requester', add_todo only) whose todos the backlog is, and a worker ('bench-worker', no add_todo) whose
// clients run the switchboard contender's loop, claim_next(queue) then complete, each by the worker's endpoint_id. So
// every claim picks among the team's todos by scope and every complete passes the team-scope check; nothing else
// differs from the personal-queue contender, whose figures it is read against (switchboard-team / switchboard).
import { migrateDatabase } from '../../src/migrate.js';
import type { Contender, Counters, Ctx, Running } from '../lib/contender.js';
import { fillSwitchboard, startSwitchboardClaimers, startSwitchboardClients, type TeamFill } from './switchboard.js';

const QUEUE = 'bench-team';
const REQUESTER = 'bench-requester';
const WORKER = 'bench-worker';

let team: TeamFill | null = null;
let requester = '';

/** The bench team, its team queue and its two endpoints (reused when the database already has them). */
async function benchTeam(ctx: Ctx): Promise<{ teamId: string; requester: string; worker: string }> {
  let [o] = await ctx.admin`select id from switchboard.owners where handle = 'bench'`;
  if (!o) [o] = await ctx.admin`select (switchboard.add_owner(handle => 'bench'))->>'owner_id' as id`;
  let [t] = await ctx.admin`
    select m.team_id as id from switchboard.team_members m join switchboard.teams t on t.id = m.team_id
     where m.owner_id = ${o.id}::uuid and m.role = 'admin' and t.name = 'bench-team' limit 1`;
  if (!t) [t] = await ctx.admin`select (switchboard.add_team(name => 'bench-team', admin_owner_id => ${o.id}::uuid))->>'id' as id`;
  await ctx.admin`select switchboard.add_team_queue(team_id => ${t.id}::uuid, queue => ${QUEUE}::text)`;
  const vend = async (agentId: string, verbs: string[]): Promise<string> => {
    const [found] = await ctx.admin`
      select id from switchboard.endpoints where team_id = ${t.id}::uuid and agent_id = ${agentId} and revoked_at is null`;
    if (found) return found.id;
    const [e] = await ctx.admin`
      select switchboard.vend_endpoint(owner_id => ${o.id}::uuid, agent_id => ${agentId}, verbs => ${verbs}::text[],
                                       team_id => ${t.id}::uuid) as doc`;
    return e.doc.endpoint_id;
  };
  return {
    teamId: t.id,
    requester: await vend(REQUESTER, ['add_todo', 'get_todo']),
    worker: await vend(WORKER, ['claim_next', 'heartbeat', 'complete', 'fail', 'release']),
  };
}

/**
 * One todo through the real verbs before any figure: the requester's add_todo lands in the team's scope, and the
 * worker claims and completes it. The backlog is then written directly in that shape (add_todo one by one would
 * take minutes), so this is what says the measured rows are what the verbs write.
 */
async function proveTeamPath(ctx: Ctx, teamId: string, requesterId: string, workerId: string): Promise<void> {
  await ctx.admin`truncate switchboard.earlier_attempts, switchboard.todos cascade`;
  const [a] = await ctx.admin`
    select switchboard.add_todo(endpoint_id => ${requesterId}::uuid, queue => ${QUEUE}::text, payload => '{"n": 0}'::jsonb) as doc`;
  const [row] = await ctx.admin`select team_id, endpoint_id from switchboard.todos where id = ${a.doc.id}::uuid`;
  if (row?.team_id !== teamId || row?.endpoint_id !== requesterId) {
    throw new Error(`switchboard-team: add_todo by the requester did not write a team todo (${JSON.stringify(row)})`);
  }
  const [c] = await ctx.admin`select switchboard.claim_next(endpoint_id => ${workerId}::uuid, queue => ${QUEUE}::text) as doc`;
  if (c.doc.id !== a.doc.id) throw new Error(`switchboard-team: the worker did not claim the team's todo (${JSON.stringify(c.doc)})`);
  await ctx.admin`select switchboard.complete(endpoint_id => ${workerId}::uuid, todo_id => ${a.doc.id}::uuid)`;
}

export const switchboardTeam: Contender = {
  name: 'switchboard-team',
  describe: 'the switchboard cycle on a team queue: todos added by a requester endpoint of a team, claim_next(queue) + complete by a worker endpoint of the same team',
  tables: ['switchboard.todos', 'switchboard.earlier_attempts'],

  async install(ctx: Ctx) {
    if (!ctx.noMigrate) await migrateDatabase(ctx.url, { quiet: true });
    const { teamId, requester: r, worker } = await benchTeam(ctx);
    await proveTeamPath(ctx, teamId, r, worker);
    requester = r;
    team = { teamId, claimer: worker, claimerAgent: WORKER };
  },

  async reset(ctx: Ctx, backlog: number, history: number) {
    await fillSwitchboard(ctx, requester, backlog, history, QUEUE, team);
  },

  async start(ctx: Ctx, clients: number, counters: Counters): Promise<Running> {
    return startSwitchboardClients(ctx.url, team!.claimer, QUEUE, clients, counters);
  },

  async startClaims(ctx: Ctx, clients: number, counters: Counters): Promise<Running> {
    return startSwitchboardClaimers(ctx.url, team!.claimer, QUEUE, clients, counters);
  },
};
