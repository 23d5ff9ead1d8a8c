// The fuzz suite's world: a fresh ledger with two owners, endpoints, todos in every state, live and foreign lease
// tokens, the seed and run count from the environment, and a digest of every ledger table.
import { randomInt } from 'node:crypto';
import type postgres from 'postgres';
import { freshDatabase, type TestDb } from '../helpers/db.js';

/** FUZZ_SEED reproduces a run; without it a random seed is drawn and printed. */
export const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31 - 1);
/** Cases per verb: FUZZ_RUNS, default a few hundred (npm test); `npm run fuzz` sets 10,000. */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

export interface World {
  db: TestDb;
  ownerA: string;
  ownerB: string;
  /** Owner A's endpoint with every verb; the one the fuzzed calls use. */
  endpoint: { endpoint_id: string; agent_id: string; verbs: string[]; owner_id: string; credential: string };
  /** Owner A's endpoint with only get_todo/list_todos-less verbs (claim_next), for forbidden paths. */
  narrow: { endpoint_id: string; credential: string };
  /** Owner B's endpoint: its todos are foreign to A. */
  foreign: { endpoint_id: string; credential: string };
  queues: string[];
  /** Todo ids of A (every state) and of B. */
  todos: string[];
  foreignTodos: string[];
  /** Lease tokens of A's live fenced attempts, and of B's (another owner's attempt). */
  tokens: string[];
  /** Credentials and session-like secrets to try as text. */
  secrets: string[];
  /** Adds fresh claimed (fenced and not), pending and closed todos so long runs keep live targets. */
  replenish(): Promise<void>;
  /** md5 over every table of schema switchboard, each ordered by its rows' text. */
  digest(): Promise<string>;
  /**
   * A ledger guard: check() answers whether the ledger is exactly as it was at the last reset(). Every write
   * assigns a transaction id, so while the next xid has not moved nothing can have changed and the md5 digest is
   * skipped; when it has moved (a call wrote, then rolled back) the digest decides.
   */
  guard(): Promise<{ reset(): Promise<void>; unchanged(): Promise<boolean> }>;
}

async function one(sql: postgres.Sql, q: string, params: unknown[] = []): Promise<any> {
  const [r] = await sql.unsafe(q, params as never[]);
  return r.doc;
}

export async function makeWorld(t: { teardown(fn: () => unknown): void }): Promise<World> {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const sql = db.sql;
  const ownerA = (await one(sql, `select switchboard.add_owner('fuzz-a') as doc`)).owner_id;
  const ownerB = (await one(sql, `select switchboard.add_owner('fuzz-b') as doc`)).owner_id;
  const vend = (owner: string, agent: string, verbs: string[] | null) =>
    one(sql, `select switchboard.vend_endpoint($1::uuid, $2::text, $3::text[]) as doc`, [owner, agent, verbs as never]);
  const endpoint = await vend(ownerA, 'fuzzer', null);
  const narrow = await vend(ownerA, 'narrow', ['claim_next']);
  const foreign = await vend(ownerB, 'other', null);
  const queues = ['builds', 'q.one', 'deploy/eu'];
  const todos: string[] = [];
  const foreignTodos: string[] = [];
  const tokens: string[] = [];
  const secrets = [endpoint.credential, narrow.credential, foreign.credential];

  const add = async (ep: string, queue: string) =>
    (await one(sql, `select switchboard.add_todo(endpoint_id => $1::uuid, queue => $2::text) as doc`, [ep, queue])).id;
  const claim = async (ep: string, todo: string, fence: boolean) =>
    one(sql, `select switchboard.claim(endpoint_id => $1::uuid, todo_id => $2::uuid, require_fence => $3::boolean) as doc`, [
      ep,
      todo,
      fence,
    ]);

  async function replenish(): Promise<void> {
    // A fuzzed set_endpoint_admission may have left a budget of one claim a minute on the world's endpoints (a valid
    // operator call); the world's own claims below would then be throttled, so the budgets are lifted first.
    for (const e of [endpoint, narrow, foreign]) {
      await one(sql, `select switchboard.set_endpoint_admission(endpoint_id => $1::uuid, claims_per_minute => null) as doc`, [e.endpoint_id]);
    }
    // Likewise a fuzzed pause_queue or set_queue_limits (valid owner calls) may hold back the world's queues, which
    // throttles the claims below: the controls are lifted too (seed 615595882 paused deploy/eu before release ran).
    await sql.unsafe('delete from switchboard.queue_controls');
    for (const q of queues) {
      todos.push(await add(endpoint.endpoint_id, q)); // pending
      const fenced = await add(endpoint.endpoint_id, q);
      tokens.push((await claim(endpoint.endpoint_id, fenced, true)).lease_token);
      todos.push(fenced);
      const open = await add(endpoint.endpoint_id, q);
      await claim(endpoint.endpoint_id, open, false);
      todos.push(open);
      const done = await add(endpoint.endpoint_id, q);
      await claim(endpoint.endpoint_id, done, false);
      await one(sql, `select switchboard.complete(endpoint_id => $1::uuid, todo_id => $2::uuid) as doc`, [endpoint.endpoint_id, done]);
      todos.push(done);
    }
    const theirs = await add(foreign.endpoint_id, 'builds');
    tokens.push((await claim(foreign.endpoint_id, theirs, true)).lease_token);
    foreignTodos.push(theirs, await add(foreign.endpoint_id, 'builds'));
    // Keep the pools bounded so a long run does not drift towards only stale targets.
    for (const a of [todos, foreignTodos, tokens]) if (a.length > 60) a.splice(0, a.length - 60);
  }
  await replenish();

  const tables = (
    await sql<{ t: string }[]>`
      select format('%I.%I', n.nspname, c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'switchboard' and c.relkind = 'r' order by 1`
  ).map((r) => r.t);
  const digestQuery = `select md5(${tables
    .map((t) => `coalesce((select md5(string_agg(x::text, '|' order by x::text)) from ${t} x), '-')`)
    .join(' || ')}) as d`;

  return {
    db,
    ownerA,
    ownerB,
    endpoint,
    narrow,
    foreign,
    queues,
    todos,
    foreignTodos,
    tokens,
    secrets,
    replenish,
    async digest() {
      const [r] = await sql.unsafe(digestQuery);
      return r.d as string;
    },
    async guard() {
      const nextXid = async () => String((await sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`)[0].x);
      const digest = async () => String((await sql.unsafe(digestQuery))[0].d);
      let xid = await nextXid();
      let d = await digest();
      return {
        async reset() {
          const x = await nextXid();
          if (x === xid) return; // a read-only success: the digest still holds
          xid = x;
          d = await digest();
        },
        async unchanged() {
          const x = await nextXid();
          if (x === xid) return true;
          xid = x;
          return (await digest()) === d;
        },
      };
    },
  };
}
