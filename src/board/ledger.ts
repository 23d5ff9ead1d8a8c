// Typed wrappers over the Board's SQL entry points (schema switchboard_board): each takes the browser's session
// secret (and, to change anything, the session's CSRF token), never an owner id.
import { pgTextArray, type Sql } from '../db.js';
import { withoutNul } from '../text.js';

export interface OwnerSession {
  owner_id: string;
  handle: string;
  csrf_token: string;
  expires_at: string;
}

/** A signed-in request's credentials as the Board's entry points take them: the cookie's secret and the form's CSRF token. */
export interface Signed {
  secret: string;
  csrf?: string | null;
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
  /**
   * The lease holder (agent:<id> or owner:<handle>). The document also carries it as `owner`, its old name, for
   * clients that read it; here "owner" means only the humans who own the work, so the Board reads `held_by`.
   */
  held_by: string | null;
  lease_expires_at: string | null;
  run_at: string;
  next_retry_at: string | null;
  dead_letter: boolean;
  created_at: string;
  updated_at: string;
  agent_id?: string;
  /** The team whose scope the todo is in, or null: the adding endpoint's (personal). */
  team_id?: string | null;
  /** The team's name (a document may give it as {id, name}). */
  team?: string | { id: string; name: string } | null;
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
  /** The team whose queue this row counts, or null: the owner's endpoints' personal todos of that name. */
  team?: { id: string; name: string } | null;
  agents: string[];
  counts: Record<'pending' | 'claimed' | 'done' | 'failed' | 'canceled', number>;
  total: number;
  dead_letters: number;
  retries_scheduled: number;
  oldest_claimable_at: string | null;
  oldest_claimable_age_seconds: number | null;
  /** The queue's controls (pause_queue, set_queue_limits), or null when none is set. */
  controls?: { paused: boolean; max_claimed: number | null; claims_per_minute: number | null } | null;
}

export interface ActivityRow extends Attempt {
  todo_id: string;
  queue: string;
  title: string | null;
  /** The claiming agent's id (null for an owner's claim). */
  agent_id: string | null;
  /** The agent id of the endpoint that added the todo (in a team, often not the claimer). */
  added_by: string;
  /** Who held the attempt's lease: agent:<agent_id> or owner:<handle>. */
  holder: string;
  todo_state: string;
  /** The team whose scope the attempt's todo is in, or null (personal). */
  team?: { id: string; name: string } | null;
}

/** One of the owner's endpoints, as list_endpoints answers it (never a credential). */
export interface EndpointRow {
  endpoint_id: string;
  agent_id: string;
  verbs: string[];
  default_queue: string | null;
  created_at: string;
  revoked_at: string | null;
  clocked_in: boolean;
  presence_since: string;
  /** Todos its own scope stores, finished ones included until prune (bounded by todos_max_per_scope). */
  todos_stored: number;
}

/** list_endpoints' answer: the endpoints, and the quota of stored todos each scope has. */
export interface EndpointList {
  endpoints: EndpointRow[];
  todos_max_per_scope: number;
}

/** A member of a team, as owner_teams lists it. */
export interface TeamMember {
  owner_id: string;
  handle: string;
  role: 'member' | 'admin';
}

/** An endpoint vended in a team (never a credential). */
export interface TeamEndpoint {
  endpoint_id: string;
  agent_id: string;
  verbs: string[];
  owner_id: string;
  revoked_at: string | null;
  clocked_in: boolean;
  presence_since?: string;
}

/** A team the signed-in owner is in, with the owner's role in it. */
export interface TeamRow {
  id: string;
  name: string;
  role: 'member' | 'admin';
  members: TeamMember[];
  /** Team queue names (a document may give each as {queue, created_at}). */
  queues: (string | { queue: string })[];
  endpoints: TeamEndpoint[];
  /** Todos the team's scope stores, finished ones included until prune (bounded by todos_max_per_scope). */
  todos_stored: number;
}

/** An endpoint just vended from the Board: the credential is in this answer only. */
export interface VendedEndpoint {
  endpoint_id: string;
  agent_id: string;
  verbs: string[];
  credential: string;
  team_id: string | null;
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
  const w = (s: Signed) => sql`session_secret => ${s.secret}::text, csrf_token => ${s.csrf ?? null}::text`;
  return {
    signIn: (loginToken: string) =>
      one<SignIn>(sql`select switchboard_board.sign_in(login_token => ${loginToken}::text) as doc`),
    session: (secret: string, csrf: string | null = null, forWrite = false) =>
      one<OwnerSession>(sql`select switchboard_board.session(session_secret => ${secret}::text,
                                 csrf_token => ${csrf}::text, for_write => ${forWrite}::boolean) as doc`),
    signOut: (secret: string) => one<{ signed_out: true }>(sql`select switchboard_board.sign_out(session_secret => ${secret}::text) as doc`),
    queues: (s: Signed) =>
      one<{ queues: QueueRow[]; as_of: string }>(sql`select switchboard_board.queues(session_secret => ${s.secret}::text) as doc`),
    todos: (s: Signed, f: TodoFilter) =>
      one<{ todos: Todo[]; next_cursor: string | null }>(sql`
        select switchboard_board.list_todos(session_secret => ${s.secret}::text, queue => ${f.queue ?? null}::text,
          state => ${f.state ?? null}::text, dead_letter => ${f.deadLetter ?? null}::boolean,
          page_size => ${f.pageSize ?? 25}::integer, cursor => ${f.cursor ?? null}::text) as doc`),
    todo: (s: Signed, todoId: string) =>
      one<TodoDetail>(sql`select switchboard_board.get_todo(session_secret => ${s.secret}::text, todo_id => ${todoId}::uuid,
                                                            attempts_limit => 50) as doc`),
    activity: (s: Signed, pageSize: number) =>
      one<{ activity: ActivityRow[]; notice: string }>(
        sql`select switchboard_board.activity(session_secret => ${s.secret}::text, page_size => ${pageSize}::integer) as doc`),
    endpoints: (s: Signed) =>
      one<EndpointList>(sql`select switchboard_board.endpoints(session_secret => ${s.secret}::text) as doc`),
    setDefaultQueue: (s: Signed, endpointId: string, queue: string | null) =>
      one<{ endpoint_id: string; default_queue: string | null }>(
        sql`select switchboard_board.set_endpoint_default_queue(${w(s)}, endpoint => ${endpointId}::uuid, queue => ${queue}::text) as doc`),
    setPresence: (s: Signed, endpointId: string, clockedIn: boolean) =>
      one<EndpointRow>(sql`select switchboard_board.set_endpoint_presence(${w(s)}, endpoint_id => ${endpointId}::uuid,
                                                                          clocked_in => ${clockedIn}::boolean) as doc`),
    revokeEndpoint: (s: Signed, endpointId: string) =>
      one<{ endpoint_id: string; revoked_at: string; todos_dead_lettered: number }>(
        sql`select switchboard_board.revoke_endpoint(${w(s)}, endpoint_id => ${endpointId}::uuid) as doc`),
    teams: (s: Signed) => one<{ teams: TeamRow[]; todos_max_per_scope: number }>(sql`select switchboard_board.teams(session_secret => ${s.secret}::text) as doc`),
    addTeamMember: (s: Signed, teamId: string, handle: string, role: string) =>
      one<TeamMember & { team_id: string }>(sql`select switchboard_board.add_team_member(${w(s)}, team_id => ${teamId}::uuid,
                                                  handle => ${handle}::text, role => ${role}::text) as doc`),
    removeTeamMember: (s: Signed, teamId: string, ownerId: string) =>
      one<{ removed: true }>(sql`select switchboard_board.remove_team_member(${w(s)}, team_id => ${teamId}::uuid,
                                                  member_owner_id => ${ownerId}::uuid) as doc`),
    addTeamQueue: (s: Signed, teamId: string, queue: string) =>
      one<{ team_id: string; queue: string }>(sql`select switchboard_board.add_team_queue(${w(s)}, team_id => ${teamId}::uuid,
                                                  queue => ${queue}::text) as doc`),
    vendTeamEndpoint: (s: Signed, teamId: string, agentId: string, verbs: string[] | null) =>
      one<VendedEndpoint>(sql`select switchboard_board.vend_endpoint(${w(s)}, team_id => ${teamId}::uuid,
                                                  agent_id => ${agentId}::text, verbs => ${pgTextArray(verbs)}::text[]) as doc`),
    pauseQueue: (s: Signed, queue: string, teamId: string | null) =>
      one<Record<string, unknown>>(sql`select switchboard_board.pause_queue(${w(s)}, queue => ${queue}::text, team_id => ${teamId}::uuid) as doc`),
    retryDeadLetters: (s: Signed, queue: string, teamId: string | null) =>
      one<{ retried: number; more: boolean }>(sql`select switchboard_board.retry_dead_letters(${w(s)}, queue => ${queue}::text, team_id => ${teamId}::uuid) as doc`),
    cancelQueue: (s: Signed, queue: string, teamId: string | null) =>
      one<{ canceled: number; more: boolean }>(sql`select switchboard_board.cancel_queue(${w(s)}, queue => ${queue}::text, team_id => ${teamId}::uuid) as doc`),
    setQueueLimits: (s: Signed, queue: string, maxClaimed: number | null, claimsPerMinute: number | null, teamId: string | null) =>
      one<Record<string, unknown>>(sql`select switchboard_board.set_queue_limits(${w(s)}, queue => ${queue}::text,
                                                  max_claimed => ${maxClaimed}::integer, claims_per_minute => ${claimsPerMinute}::integer,
                                                  team_id => ${teamId}::uuid) as doc`),
    resumeQueue: (s: Signed, queue: string, teamId: string | null) =>
      one<Record<string, unknown>>(sql`select switchboard_board.resume_queue(${w(s)}, queue => ${queue}::text, team_id => ${teamId}::uuid) as doc`),
    retryNow: (s: Signed, todoId: string) =>
      one<Todo>(sql`select switchboard_board.retry_now(${w(s)}, todo_id => ${todoId}::uuid) as doc`),
    cancel: (s: Signed, todoId: string) =>
      one<Todo>(sql`select switchboard_board.cancel(${w(s)}, todo_id => ${todoId}::uuid) as doc`),
    claim: (s: Signed, todoId: string, leaseSeconds: number | null) =>
      one<Todo>(sql`select switchboard_board.claim(${w(s)}, todo_id => ${todoId}::uuid,
                                                   lease_seconds => ${leaseSeconds}::integer) as doc`),
    extend: (s: Signed, todoId: string, leaseSeconds: number | null) =>
      one<Todo>(sql`select switchboard_board.extend(${w(s)}, todo_id => ${todoId}::uuid,
                                                    lease_seconds => ${leaseSeconds}::integer) as doc`),
    release: (s: Signed, todoId: string, summary: string | null, artifact: string | null) =>
      one<Todo>(sql`select switchboard_board.release(${w(s)}, todo_id => ${todoId}::uuid,
                                                     summary => ${withoutNul(summary)}::text, artifact => ${artifact}::text) as doc`),
    complete: (s: Signed, todoId: string, result: unknown, summary: string | null, artifact: string | null) =>
      one<Todo>(sql`select switchboard_board.complete(${w(s)}, todo_id => ${todoId}::uuid,
                      result => ${result === undefined ? null : sql.json(result as never)}::jsonb,
                      summary => ${withoutNul(summary)}::text, artifact => ${artifact}::text) as doc`),
    fail: (s: Signed, todoId: string, result: unknown, summary: string | null, artifact: string | null) =>
      one<Todo>(sql`select switchboard_board.fail(${w(s)}, todo_id => ${todoId}::uuid,
                      result => ${result === undefined ? null : sql.json(result as never)}::jsonb,
                      summary => ${withoutNul(summary)}::text, artifact => ${artifact}::text) as doc`),
  };
}

export type BoardLedger = ReturnType<typeof boardLedger>;
