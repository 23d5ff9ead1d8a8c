// Typed wrappers over the owner-path SQL functions the Board calls: one function each, arguments named and cast.
import type { Sql } from '../db.js';

export interface OwnerSession {
  owner_id: string;
  handle: string;
  csrf_token: string;
  expires_at: string;
}

export interface SignIn extends OwnerSession {
  session_secret: string;
}

export interface LoginToken {
  owner_id: string;
  handle: string;
  login_token: string;
  expires_at: string;
}

export interface Todo {
  id: string;
  queue: string;
  title: string | null;
  state: 'pending' | 'claimed' | 'done' | 'failed' | 'canceled';
  priority: number;
  attempt: number;
  max_attempts: number;
  /** The lease holder (agent:<id> or owner:<handle>); the Board says "held by" (see heldBy in pages.ts). */
  owner: string | null;
  /** The same holder under a name that does not clash with the humans called owners, once the SQL sends it. */
  held_by?: string | null;
  lease_expires_at: string | null;
  run_at: string;
  next_retry_at: string | null;
  dead_letter: boolean;
  created_at: string;
  updated_at: string;
  agent_id?: string;
}

export interface Attempt {
  seq: number;
  attempt: number;
  claimer_kind: 'endpoint' | 'owner';
  claimant: string | null;
  claimed_at: string;
  last_heartbeat_at: string | null;
  ended_at: string | null;
  outcome: string | null;
  disposition: string | null;
  died: boolean;
  summary: string | null;
  summary_truncated: boolean;
  artifact: string | null;
}

export interface TodoDetail extends Todo {
  payload: unknown;
  routing: unknown;
  result: unknown;
  attempts: Attempt[];
  attempts_total: number;
  attempts_pruned: number;
  notice: string;
  agent_id: string;
  endpoint_revoked: boolean;
}

export interface QueueRow {
  queue: string;
  agents: string[];
  counts: Record<'pending' | 'claimed' | 'done' | 'failed' | 'canceled', number>;
  total: number;
  dead_letters: number;
  retries_scheduled: number;
  oldest_claimable_at: string | null;
  oldest_claimable_age_seconds: number | null;
}

export interface ActivityRow extends Attempt {
  todo_id: string;
  queue: string;
  title: string | null;
  agent_id: string;
  /** The owner string the attempt held the lease as: agent:<agent_id> or owner:<handle>. */
  holder: string;
  todo_state: string;
}

export interface TodoFilter {
  queue?: string | null;
  state?: string | null;
  deadLetter?: boolean | null;
  pageSize?: number;
  cursor?: string | null;
}

type Doc<T> = { doc: T };

export function boardLedger(sql: Sql) {
  async function one<T>(q: Promise<Doc<T>[]>): Promise<T> {
    const [row] = await q;
    return row.doc;
  }
  return {
    loginToken: (handle: string) =>
      one<LoginToken>(sql`select switchboard.owner_login_token(handle => ${handle}::text) as doc`),
    signIn: (loginToken: string) =>
      one<SignIn>(sql`select switchboard.owner_sign_in(login_token => ${loginToken}::text) as doc`),
    session: (secret: string, csrf: string | null = null, forWrite = false) =>
      one<OwnerSession>(sql`select switchboard.owner_session(session_secret => ${secret}::text,
                                 csrf_token => ${csrf}::text, for_write => ${forWrite}::boolean) as doc`),
    signOut: (secret: string) => one<{ signed_out: true }>(sql`select switchboard.owner_sign_out(session_secret => ${secret}::text) as doc`),
    queues: (ownerId: string) =>
      one<{ queues: QueueRow[]; as_of: string }>(sql`select switchboard.owner_queues(owner_id => ${ownerId}::uuid) as doc`),
    todos: (ownerId: string, f: TodoFilter) =>
      one<{ todos: Todo[]; next_cursor: string | null }>(sql`
        select switchboard.owner_list_todos(owner_id => ${ownerId}::uuid, queue => ${f.queue ?? null}::text,
          state => ${f.state ?? null}::text, dead_letter => ${f.deadLetter ?? null}::boolean,
          page_size => ${f.pageSize ?? 25}::integer, cursor => ${f.cursor ?? null}::text) as doc`),
    todo: (ownerId: string, todoId: string) =>
      one<TodoDetail>(sql`select switchboard.owner_get_todo(owner_id => ${ownerId}::uuid, todo_id => ${todoId}::uuid,
                                                            attempts_limit => 50) as doc`),
    activity: (ownerId: string, pageSize: number) =>
      one<{ activity: ActivityRow[]; notice: string }>(
        sql`select switchboard.owner_activity(owner_id => ${ownerId}::uuid, page_size => ${pageSize}::integer) as doc`),
    retryNow: (ownerId: string, todoId: string) =>
      one<Todo>(sql`select switchboard.retry_now(owner_id => ${ownerId}::uuid, todo_id => ${todoId}::uuid) as doc`),
    cancel: (ownerId: string, todoId: string) =>
      one<Todo>(sql`select switchboard.cancel(owner_id => ${ownerId}::uuid, todo_id => ${todoId}::uuid) as doc`),
    claim: (ownerId: string, todoId: string, leaseSeconds: number | null) =>
      one<Todo>(sql`select switchboard.owner_claim(owner_id => ${ownerId}::uuid, todo_id => ${todoId}::uuid,
                                                   lease_seconds => ${leaseSeconds}::integer) as doc`),
    extend: (ownerId: string, todoId: string, leaseSeconds: number | null) =>
      one<Todo>(sql`select switchboard.owner_extend(owner_id => ${ownerId}::uuid, todo_id => ${todoId}::uuid,
                                                    lease_seconds => ${leaseSeconds}::integer) as doc`),
    release: (ownerId: string, todoId: string, summary: string | null, artifact: string | null) =>
      one<Todo>(sql`select switchboard.owner_release(owner_id => ${ownerId}::uuid, todo_id => ${todoId}::uuid,
                                                     summary => ${summary}::text, artifact => ${artifact}::text) as doc`),
    complete: (ownerId: string, todoId: string, result: unknown, summary: string | null, artifact: string | null) =>
      one<Todo>(sql`select switchboard.owner_complete(owner_id => ${ownerId}::uuid, todo_id => ${todoId}::uuid,
                      result => ${result === undefined ? null : sql.json(result as never)}::jsonb,
                      summary => ${summary}::text, artifact => ${artifact}::text) as doc`),
    fail: (ownerId: string, todoId: string, result: unknown, summary: string | null, artifact: string | null) =>
      one<Todo>(sql`select switchboard.owner_fail(owner_id => ${ownerId}::uuid, todo_id => ${todoId}::uuid,
                      summary => ${summary}::text, result => ${result === undefined ? null : sql.json(result as never)}::jsonb,
                      artifact => ${artifact}::text) as doc`),
  };
}

export type BoardLedger = ReturnType<typeof boardLedger>;
