// The typed wrappers over the SQL API, each naming its arguments and casting every parameter: the agent's entry
// points (schema switchboard_agent, which take the bearer credential) for the MCP server, and the admin API
// (schema switchboard, ids as arguments) for the CLI. Every surface calls the ledger through these.
import { pgTextArray, type Sql } from './db.js';
import { InputError } from './errors.js';
import { claimantText, withoutNul } from './text.js';

/** A JSON document as a switchboard function returns it. */
export type Doc = Record<string, unknown>;
/** Any JSON value a caller sends (payload, routing, result). */
export type Json = unknown;

export interface AddTodoArgs {
  /** The bearer credential the request presented; resolved to its endpoint inside the verb's statement. */
  credential: string;
  queue: string;
  payload?: Json;
  title?: string;
  routing?: Json;
  priority?: number;
  max_attempts?: number;
  run_at?: string;
  /** 1-256 bytes: the same key again answers the todo it filed (other arguments: conflict). */
  idempotency_key?: string;
}
export interface ClaimArgs {
  /** The bearer credential the request presented; resolved to its endpoint inside the verb's statement. */
  credential: string;
  todo_id: string;
  claimant?: string;
  require_fence?: boolean;
  lease_seconds?: number;
  mcp_session_id?: string | null;
}
export interface ClaimNextArgs {
  /** The bearer credential the request presented; resolved to its endpoint inside the verb's statement. */
  credential: string;
  queue?: string;
  claimant?: string;
  require_fence?: boolean;
  lease_seconds?: number;
  mcp_session_id?: string | null;
}
export interface HeartbeatArgs {
  /** The bearer credential the request presented; resolved to its endpoint inside the verb's statement. */
  credential: string;
  todo_id: string;
  lease_token?: string;
  lease_seconds?: number;
}
export interface ReportArgs {
  /** The bearer credential the request presented; resolved to its endpoint inside the verb's statement. */
  credential: string;
  todo_id: string;
  result?: Json;
  summary?: string;
  artifact?: string;
  lease_token?: string;
}
export interface ReleaseArgs {
  /** The bearer credential the request presented; resolved to its endpoint inside the verb's statement. */
  credential: string;
  todo_id: string;
  summary?: string;
  artifact?: string;
  lease_token?: string;
}
export interface GetTodoArgs {
  /** The bearer credential the request presented; resolved to its endpoint inside the verb's statement. */
  credential: string;
  todo_id: string;
  attempts_limit?: number;
}
export interface ListTodosArgs {
  /** The bearer credential the request presented; resolved to its endpoint inside the verb's statement. */
  credential: string;
  queue?: string;
  state?: string;
  dead_letter?: boolean;
  page_size?: number;
  cursor?: string;
}

export interface CancelArgs {
  /** The bearer credential the request presented; resolved to its endpoint inside the verb's statement. */
  credential: string;
  todo_id: string;
}
/** A2A SendMessage, as the /a2a surface extracted it from the message (switchboard_agent.a2a_send). */
export interface A2aSendArgs {
  credential: string;
  message_id: string;
  context_id?: string;
  /** The message as sent (A2A v1.0 JSON): the first entry of the task's history. */
  message: Json;
  queue?: string;
  payload?: Json;
  title?: string;
  routing?: Json;
  priority?: number;
  max_attempts?: number;
  run_at?: string;
  history_length?: number;
}
export interface A2aListArgs {
  credential: string;
  context_id?: string;
  /** A TASK_STATE_* name. */
  state?: string;
  page_size?: number;
  page_token?: string;
  history_length?: number;
  status_after?: string;
  with_artifacts?: boolean;
}

/** What authenticate() answers for a live credential. */
export interface Endpoint {
  endpoint_id: string;
  owner_id: string;
  agent_id: string;
  verbs: string[];
  /** The team it was vended in; null (or absent, from an older database) for a personal endpoint. */
  team_id?: string | null;
}

// An omitted argument is sent as SQL null; every function treats null as "use the default".
// A time goes as ::text::timestamptz so Postgres parses it: postgres.js would otherwise format it as a JS Date
// and throw on a malformed one instead of letting the database answer invalid.
const v = <T>(x: T | undefined): T | null => (x === undefined ? null : x);

export function createLedger(sql: Sql) {
  const json = (x: Json) => {
    if (x === undefined || x === null) return null;
    // JSON.stringify overflows the stack on deep nesting (about 5,000 levels) before Postgres would refuse it.
    try {
      JSON.stringify(x);
    } catch {
      throw new InputError('a JSON value is nested too deeply to store');
    }
    return sql.json(x as Parameters<Sql['json']>[0]);
  };
  const one = async (q: Promise<readonly { doc: unknown }[]>): Promise<Doc> => (await q)[0].doc as Doc;
  // Each agent verb is one statement: the entry point resolves the credential to its endpoint and runs the verb
  // within it (forbidden, SB403, for an unknown, revoked or expired credential or a verb outside its set). Written
  // whole, not as a fragment inside `select ... as doc`: a fragment is a second postgres.js Query per call.

  return {
    addTodo: (a: AddTodoArgs) =>
      one(sql`select switchboard_agent.add_todo(credential => ${a.credential}::text, queue => ${a.queue}::text,
                payload => ${json(a.payload)}::jsonb, title => ${v(a.title)}::text, routing => ${json(a.routing)}::jsonb,
                priority => ${v(a.priority)}::integer, max_attempts => ${v(a.max_attempts)}::integer,
                run_at => ${v(a.run_at)}::text::timestamptz, idempotency_key => ${v(a.idempotency_key)}::text) as doc`),

    /** Many add_todo calls in one statement, all or nothing: {todos: [todo, ...]} in the order given. */
    addTodos: async (a: { credential: string; todos: unknown[] }): Promise<Doc> => ({
      todos: await one(sql`select switchboard_agent.add_todos(credential => ${a.credential}::text, todos => ${json(a.todos as Json)}::jsonb) as doc`),
    }),

    claim: (a: ClaimArgs) =>
      one(sql`select switchboard_agent.claim(credential => ${a.credential}::text, todo_id => ${a.todo_id}::uuid,
                claimant => ${v(claimantText(a.claimant))}::text, require_fence => ${v(a.require_fence)}::boolean,
                lease_seconds => ${v(a.lease_seconds)}::integer, mcp_session_id => ${v(a.mcp_session_id)}::text) as doc`),

    claimNext: (a: ClaimNextArgs) =>
      one(sql`select switchboard_agent.claim_next(credential => ${a.credential}::text, queue => ${v(a.queue)}::text,
                claimant => ${v(claimantText(a.claimant))}::text, require_fence => ${v(a.require_fence)}::boolean,
                lease_seconds => ${v(a.lease_seconds)}::integer, mcp_session_id => ${v(a.mcp_session_id)}::text) as doc`),

    heartbeat: (a: HeartbeatArgs) =>
      one(sql`select switchboard_agent.heartbeat(credential => ${a.credential}::text, todo_id => ${a.todo_id}::uuid,
                lease_token => ${v(a.lease_token)}::text, lease_seconds => ${v(a.lease_seconds)}::integer) as doc`),

    complete: (a: ReportArgs) =>
      one(sql`select switchboard_agent.complete(credential => ${a.credential}::text, todo_id => ${a.todo_id}::uuid,
                result => ${json(a.result)}::jsonb, summary => ${v(withoutNul(a.summary))}::text, artifact => ${v(a.artifact)}::text,
                lease_token => ${v(a.lease_token)}::text) as doc`),

    fail: (a: ReportArgs) =>
      one(sql`select switchboard_agent.fail(credential => ${a.credential}::text, todo_id => ${a.todo_id}::uuid,
                result => ${json(a.result)}::jsonb, summary => ${v(withoutNul(a.summary))}::text, artifact => ${v(a.artifact)}::text,
                lease_token => ${v(a.lease_token)}::text) as doc`),

    release: (a: ReleaseArgs) =>
      one(sql`select switchboard_agent.release(credential => ${a.credential}::text, todo_id => ${a.todo_id}::uuid,
                summary => ${v(withoutNul(a.summary))}::text, artifact => ${v(a.artifact)}::text,
                lease_token => ${v(a.lease_token)}::text) as doc`),

    getTodo: (a: GetTodoArgs) =>
      one(sql`select switchboard_agent.get_todo(credential => ${a.credential}::text, todo_id => ${a.todo_id}::uuid,
                attempts_limit => ${v(a.attempts_limit)}::integer) as doc`),

    listTodos: (a: ListTodosArgs) =>
      one(sql`select switchboard_agent.list_todos(credential => ${a.credential}::text, queue => ${v(a.queue)}::text,
                state => ${v(a.state)}::text, dead_letter => ${v(a.dead_letter)}::boolean,
                page_size => ${v(a.page_size)}::integer, cursor => ${v(a.cursor)}::text) as doc`),

    cancel: (a: CancelArgs) => one(sql`select switchboard_agent.cancel(credential => ${a.credential}::text, todo_id => ${a.todo_id}::uuid) as doc`),

    /** A2A SendMessage: {task, wake_key, created}. */
    a2aSend: (a: A2aSendArgs) =>
      one(sql`select switchboard_agent.a2a_send(credential => ${a.credential}::text, message_id => ${a.message_id}::text,
                context_id => ${v(a.context_id)}::text, message => ${json(a.message)}::jsonb, queue => ${v(a.queue)}::text,
                payload => ${json(a.payload ?? {})}::jsonb, title => ${v(a.title)}::text, routing => ${json(a.routing ?? {})}::jsonb,
                priority => ${v(a.priority)}::integer, max_attempts => ${v(a.max_attempts)}::integer,
                run_at => ${v(a.run_at)}::text::timestamptz, history_length => ${v(a.history_length)}::integer) as doc`),

    /** A2A GetTask (and a stream's re-read): {task, wake_key}. */
    a2aGet: (a: { credential: string; task_id: string; history_length?: number }) =>
      one(sql`select switchboard_agent.a2a_get(credential => ${a.credential}::text, task_id => ${a.task_id}::uuid,
                history_length => ${v(a.history_length)}::integer) as doc`),

    /** A2A SubscribeToTask of a task without a wake key: {wake_key}, the follower's key given to the todo. */
    a2aFollow: (a: { credential: string; task_id: string }) =>
      one(sql`select switchboard_agent.a2a_follow(credential => ${a.credential}::text, task_id => ${a.task_id}::uuid) as doc`),

    /** A2A ListTasks: {tasks, nextPageToken, pageSize, totalSize}. */
    a2aList: (a: A2aListArgs) =>
      one(sql`select switchboard_agent.a2a_list(credential => ${a.credential}::text, context_id => ${v(a.context_id)}::text,
                state => ${v(a.state)}::text, page_size => ${v(a.page_size)}::integer, page_token => ${v(a.page_token)}::text,
                history_length => ${v(a.history_length)}::integer, status_after => ${v(a.status_after)}::text::timestamptz,
                with_artifacts => ${v(a.with_artifacts)}::boolean) as doc`),

    /** A2A CancelTask (and an A2UI cancel action): {task, wake_key}. */
    a2aCancel: (a: { credential: string; task_id: string; history_length?: number }) =>
      one(sql`select switchboard_agent.a2a_cancel(credential => ${a.credential}::text, task_id => ${a.task_id}::uuid,
                history_length => ${v(a.history_length)}::integer) as doc`),

    clockIn: (a: { credential: string }) => one(sql`select switchboard_agent.clock_in(credential => ${a.credential}::text) as doc`),

    clockOut: (a: { credential: string }) => one(sql`select switchboard_agent.clock_out(credential => ${a.credential}::text) as doc`),

    authenticate: async (credential: string) =>
      (await one(sql`select switchboard_agent.authenticate(credential => ${credential}::text) as doc`)) as unknown as Endpoint,
  };
}

export type Ledger = ReturnType<typeof createLedger>;

/** The admin API (schema switchboard) the CLI's owner and endpoint commands use, on a pool running as switchboard_admin. */
export function createAdminLedger(sql: Sql) {
  const one = async (q: Promise<readonly { doc: unknown }[]>): Promise<Doc> => (await q)[0].doc as Doc;
  return {
    addOwner: (handle: string) => one(sql`select switchboard.add_owner(handle => ${handle}::text) as doc`),

    /** A one-time Board sign-in token for an owner (switchboard.owner_login_token); only the admin API mints them. */
    loginToken: (handle: string) =>
      one(sql`select switchboard.owner_login_token(handle => ${handle}::text) as doc`) as Promise<{ login_token: string; handle: string }>,

    findOwner: (handle: string) => one(sql`select switchboard.find_owner(handle => ${handle}::text) as doc`),

    /** team_id: vend it in that team (the owner must be one of its admins); absent, a personal endpoint. */
    vendEndpoint: (a: { owner_id: string; agent_id: string; verbs?: string[]; team_id?: string }) =>
      one(sql`select switchboard.vend_endpoint(owner_id => ${a.owner_id}::uuid, agent_id => ${a.agent_id}::text,
                verbs => ${pgTextArray(a.verbs)}::text[], team_id => ${v(a.team_id)}::uuid) as doc`),

    /** Teams (ADR-0038): a team with its first admin, its members, its team queues; the list, all or an owner's. */
    addTeam: (a: { name: string; admin_owner_id: string }) =>
      one(sql`select switchboard.add_team(name => ${a.name}::text, admin_owner_id => ${a.admin_owner_id}::uuid) as doc`),

    addTeamMember: (a: { team_id: string; owner_id: string; role?: string }) =>
      one(sql`select switchboard.add_team_member(team_id => ${a.team_id}::uuid, owner_id => ${a.owner_id}::uuid,
                role => ${a.role ?? 'member'}::text) as doc`),

    removeTeamMember: (a: { team_id: string; owner_id: string }) =>
      one(sql`select switchboard.remove_team_member(team_id => ${a.team_id}::uuid, owner_id => ${a.owner_id}::uuid) as doc`),

    addTeamQueue: (a: { team_id: string; queue: string }) =>
      one(sql`select switchboard.add_team_queue(team_id => ${a.team_id}::uuid, queue => ${a.queue}::text) as doc`),

    setQueueLimits: (a: { owner_id: string; queue: string; max_claimed: number | null; claims_per_minute: number | null; team_id: string | null }) =>
      one(sql`select switchboard.set_queue_limits(owner_id => ${a.owner_id}::uuid, queue => ${a.queue}::text,
                max_claimed => ${a.max_claimed}::integer, claims_per_minute => ${a.claims_per_minute}::integer,
                team_id => ${a.team_id}::uuid) as doc`),

    pauseQueue: (a: { owner_id: string; queue: string; team_id: string | null }) =>
      one(sql`select switchboard.pause_queue(owner_id => ${a.owner_id}::uuid, queue => ${a.queue}::text, team_id => ${a.team_id}::uuid) as doc`),

    resumeQueue: (a: { owner_id: string; queue: string; team_id: string | null }) =>
      one(sql`select switchboard.resume_queue(owner_id => ${a.owner_id}::uuid, queue => ${a.queue}::text, team_id => ${a.team_id}::uuid) as doc`),

    addSchedule: (a: { endpoint_id: string; queue: string; cron: string; payload: unknown; title: string | null; time_zone: string }) =>
      one(sql`select switchboard.add_schedule(endpoint_id => ${a.endpoint_id}::uuid, queue => ${a.queue}::text, cron => ${a.cron}::text,
                payload => ${sql.json((a.payload ?? {}) as never)}::jsonb, title => ${a.title}::text, time_zone => ${a.time_zone}::text) as doc`),

    listSchedules: (a: { endpoint_id: string }) =>
      one(sql`select switchboard.list_schedules(endpoint_id => ${a.endpoint_id}::uuid) as doc`),

    removeSchedule: (a: { endpoint_id: string; schedule_id: string }) =>
      one(sql`select switchboard.remove_schedule(endpoint_id => ${a.endpoint_id}::uuid, schedule_id => ${a.schedule_id}::uuid) as doc`),

    listQueueControls: (a: { owner_id: string }) =>
      one(sql`select switchboard.list_queue_controls(owner_id => ${a.owner_id}::uuid) as doc`),

    listTeams: (a: { owner_id?: string | null } = {}) =>
      one(sql`select switchboard.list_teams(owner_id => ${a.owner_id ?? null}::uuid) as doc`),

    revokeEndpoint: (a: { owner_id: string; endpoint_id: string }) =>
      one(sql`select switchboard.revoke_endpoint(owner_id => ${a.owner_id}::uuid, endpoint_id => ${a.endpoint_id}::uuid) as doc`),

    rotateCredential: (a: { owner_id: string; endpoint_id: string; overlap_seconds?: number }) =>
      one(sql`select switchboard.rotate_credential(owner_id => ${a.owner_id}::uuid, endpoint_id => ${a.endpoint_id}::uuid,
                                                   overlap_seconds => ${a.overlap_seconds ?? 3600}::integer) as doc`),

    /** The operator sets (claims_per_minute null: lifts) an endpoint's claim budget (ADR-0035). */
    setEndpointAdmission: (a: { endpoint_id: string; claims_per_minute: number | null; burst?: number | null }) =>
      one(sql`select switchboard.set_endpoint_admission(endpoint_id => ${a.endpoint_id}::uuid,
                claims_per_minute => ${a.claims_per_minute}::integer, burst => ${a.burst ?? null}::integer) as doc`),

    /** Where a requester's A2A message naming no queue goes (null clears it). */
    setEndpointDefaultQueue: (a: { owner_id: string; endpoint_id: string; queue: string | null }) =>
      one(sql`select switchboard.set_endpoint_default_queue(owner_id => ${a.owner_id}::uuid, endpoint_id => ${a.endpoint_id}::uuid,
                queue => ${a.queue}::text) as doc`),

    /** The owner clocks one of its endpoints in or out (presence, ADR-0027). */
    setEndpointPresence: (a: { owner_id: string; endpoint_id: string; clocked_in: boolean }) =>
      one(sql`select switchboard.owner_set_endpoint_presence(owner_id => ${a.owner_id}::uuid, endpoint_id => ${a.endpoint_id}::uuid,
                clocked_in => ${a.clocked_in}::boolean) as doc`),

    listEndpoints: (a: { owner_id: string }) =>
      one(sql`select switchboard.list_endpoints(owner_id => ${a.owner_id}::uuid) as doc`),
  };
}

export type AdminLedger = ReturnType<typeof createAdminLedger>;
