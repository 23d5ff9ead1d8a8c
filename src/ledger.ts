// The typed wrappers over the SQL API: one per switchboard.* function, each naming its arguments and casting
// every parameter. Every surface calls the ledger through these, and nothing else.
import type { Fragment } from 'postgres';
import type { Sql } from './db.js';
import { InputError } from './errors.js';

/** A JSON document as a switchboard function returns it. */
export type Doc = Record<string, unknown>;
/** Any JSON value a caller sends (payload, routing, result). */
export type Json = unknown;

export interface AddTodoArgs {
  endpoint_id: string;
  queue: string;
  payload?: Json;
  title?: string;
  routing?: Json;
  priority?: number;
  max_attempts?: number;
  run_at?: string;
}
export interface ClaimArgs {
  endpoint_id: string;
  todo_id: string;
  claimant?: string;
  require_fence?: boolean;
  lease_seconds?: number;
  mcp_session_id?: string | null;
}
export interface ClaimNextArgs {
  endpoint_id: string;
  queue?: string;
  claimant?: string;
  require_fence?: boolean;
  lease_seconds?: number;
  mcp_session_id?: string | null;
}
export interface HeartbeatArgs {
  endpoint_id: string;
  todo_id: string;
  lease_token?: string;
  lease_seconds?: number;
}
export interface ReportArgs {
  endpoint_id: string;
  todo_id: string;
  result?: Json;
  summary?: string;
  artifact?: string;
  lease_token?: string;
}
export interface ReleaseArgs {
  endpoint_id: string;
  todo_id: string;
  summary?: string;
  artifact?: string;
  lease_token?: string;
}
export interface GetTodoArgs {
  endpoint_id: string;
  todo_id: string;
  attempts_limit?: number;
}
export interface ListTodosArgs {
  endpoint_id: string;
  queue?: string;
  state?: string;
  dead_letter?: boolean;
  page_size?: number;
  cursor?: string;
}

/** What authenticate() answers for a live credential. */
export interface Endpoint {
  endpoint_id: string;
  owner_id: string;
  agent_id: string;
  verbs: string[];
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
  // The endpoint a credential names, resolved inside the verb's own statement (forbidden, SB403, for an unknown,
  // revoked or expired one), so an agent's call is one round trip and acts only within its credential's endpoint.
  const by = (credential: string) => sql`(switchboard.authenticate(credential => ${credential}::text)->>'endpoint_id')::uuid`;
  type Agent<A> = Omit<A, 'endpoint_id'>;

  /** The agent verbs as an agent calls them: with its credential, never an endpoint id. */
  const agent = {
    addTodo: (credential: string, a: Agent<AddTodoArgs>) =>
      one(sql`select switchboard.add_todo(endpoint_id => ${by(credential)}, queue => ${a.queue}::text,
                payload => ${json(a.payload)}::jsonb, title => ${v(a.title)}::text, routing => ${json(a.routing)}::jsonb,
                priority => ${v(a.priority)}::integer, max_attempts => ${v(a.max_attempts)}::integer,
                run_at => ${v(a.run_at)}::text::timestamptz) as doc`),

    claim: (credential: string, a: Agent<ClaimArgs>) =>
      one(sql`select switchboard.claim(endpoint_id => ${by(credential)}, todo_id => ${a.todo_id}::uuid,
                claimant => ${v(a.claimant)}::text, require_fence => ${v(a.require_fence)}::boolean,
                lease_seconds => ${v(a.lease_seconds)}::integer, mcp_session_id => ${v(a.mcp_session_id)}::text) as doc`),

    claimNext: (credential: string, a: Agent<ClaimNextArgs>) =>
      one(sql`select switchboard.claim_next(endpoint_id => ${by(credential)}, queue => ${v(a.queue)}::text,
                claimant => ${v(a.claimant)}::text, require_fence => ${v(a.require_fence)}::boolean,
                lease_seconds => ${v(a.lease_seconds)}::integer, mcp_session_id => ${v(a.mcp_session_id)}::text) as doc`),

    heartbeat: (credential: string, a: Agent<HeartbeatArgs>) =>
      one(sql`select switchboard.heartbeat(endpoint_id => ${by(credential)}, todo_id => ${a.todo_id}::uuid,
                lease_token => ${v(a.lease_token)}::text, lease_seconds => ${v(a.lease_seconds)}::integer) as doc`),

    complete: (credential: string, a: Agent<ReportArgs>) =>
      one(sql`select switchboard.complete(endpoint_id => ${by(credential)}, todo_id => ${a.todo_id}::uuid,
                result => ${json(a.result)}::jsonb, summary => ${v(a.summary)}::text, artifact => ${v(a.artifact)}::text,
                lease_token => ${v(a.lease_token)}::text) as doc`),

    fail: (credential: string, a: Agent<ReportArgs>) =>
      one(sql`select switchboard.fail(endpoint_id => ${by(credential)}, todo_id => ${a.todo_id}::uuid,
                result => ${json(a.result)}::jsonb, summary => ${v(a.summary)}::text, artifact => ${v(a.artifact)}::text,
                lease_token => ${v(a.lease_token)}::text) as doc`),

    release: (credential: string, a: Agent<ReleaseArgs>) =>
      one(sql`select switchboard.release(endpoint_id => ${by(credential)}, todo_id => ${a.todo_id}::uuid,
                summary => ${v(a.summary)}::text, artifact => ${v(a.artifact)}::text,
                lease_token => ${v(a.lease_token)}::text) as doc`),

    getTodo: (credential: string, a: Agent<GetTodoArgs>) =>
      one(sql`select switchboard.get_todo(endpoint_id => ${by(credential)}, todo_id => ${a.todo_id}::uuid,
                attempts_limit => ${v(a.attempts_limit)}::integer) as doc`),

    listTodos: (credential: string, a: Agent<ListTodosArgs>) =>
      one(sql`select switchboard.list_todos(endpoint_id => ${by(credential)}, queue => ${v(a.queue)}::text,
                state => ${v(a.state)}::text, dead_letter => ${v(a.dead_letter)}::boolean,
                page_size => ${v(a.page_size)}::integer, cursor => ${v(a.cursor)}::text) as doc`),
  };
  // The admin form (a DBA, the tests): the endpoint named by id.
  const verb = (call: Fragment) => one(sql`select ${call} as doc`);

  return {
    agent,

    addTodo: (a: AddTodoArgs) =>
      verb(sql`switchboard.add_todo(endpoint_id => ${a.endpoint_id}::uuid, queue => ${a.queue}::text,
                payload => ${json(a.payload)}::jsonb, title => ${v(a.title)}::text, routing => ${json(a.routing)}::jsonb,
                priority => ${v(a.priority)}::integer, max_attempts => ${v(a.max_attempts)}::integer,
                run_at => ${v(a.run_at)}::text::timestamptz)`),

    claim: (a: ClaimArgs) =>
      verb(sql`switchboard.claim(endpoint_id => ${a.endpoint_id}::uuid, todo_id => ${a.todo_id}::uuid,
                claimant => ${v(a.claimant)}::text, require_fence => ${v(a.require_fence)}::boolean,
                lease_seconds => ${v(a.lease_seconds)}::integer, mcp_session_id => ${v(a.mcp_session_id)}::text)`),

    claimNext: (a: ClaimNextArgs) =>
      verb(sql`switchboard.claim_next(endpoint_id => ${a.endpoint_id}::uuid, queue => ${v(a.queue)}::text,
                claimant => ${v(a.claimant)}::text, require_fence => ${v(a.require_fence)}::boolean,
                lease_seconds => ${v(a.lease_seconds)}::integer, mcp_session_id => ${v(a.mcp_session_id)}::text)`),

    heartbeat: (a: HeartbeatArgs) =>
      verb(sql`switchboard.heartbeat(endpoint_id => ${a.endpoint_id}::uuid, todo_id => ${a.todo_id}::uuid,
                lease_token => ${v(a.lease_token)}::text, lease_seconds => ${v(a.lease_seconds)}::integer)`),

    complete: (a: ReportArgs) =>
      verb(sql`switchboard.complete(endpoint_id => ${a.endpoint_id}::uuid, todo_id => ${a.todo_id}::uuid,
                result => ${json(a.result)}::jsonb, summary => ${v(a.summary)}::text, artifact => ${v(a.artifact)}::text,
                lease_token => ${v(a.lease_token)}::text)`),

    fail: (a: ReportArgs) =>
      verb(sql`switchboard.fail(endpoint_id => ${a.endpoint_id}::uuid, todo_id => ${a.todo_id}::uuid,
                result => ${json(a.result)}::jsonb, summary => ${v(a.summary)}::text, artifact => ${v(a.artifact)}::text,
                lease_token => ${v(a.lease_token)}::text)`),

    release: (a: ReleaseArgs) =>
      verb(sql`switchboard.release(endpoint_id => ${a.endpoint_id}::uuid, todo_id => ${a.todo_id}::uuid,
                summary => ${v(a.summary)}::text, artifact => ${v(a.artifact)}::text,
                lease_token => ${v(a.lease_token)}::text)`),

    getTodo: (a: GetTodoArgs) =>
      verb(sql`switchboard.get_todo(endpoint_id => ${a.endpoint_id}::uuid, todo_id => ${a.todo_id}::uuid,
                attempts_limit => ${v(a.attempts_limit)}::integer)`),

    listTodos: (a: ListTodosArgs) =>
      verb(sql`switchboard.list_todos(endpoint_id => ${a.endpoint_id}::uuid, queue => ${v(a.queue)}::text,
                state => ${v(a.state)}::text, dead_letter => ${v(a.dead_letter)}::boolean,
                page_size => ${v(a.page_size)}::integer, cursor => ${v(a.cursor)}::text)`),

    authenticate: async (credential: string) =>
      (await one(sql`select switchboard.authenticate(credential => ${credential}::text) as doc`)) as unknown as Endpoint,

    addOwner: (handle: string) => one(sql`select switchboard.add_owner(handle => ${handle}::text) as doc`),

    findOwner: (handle: string) => one(sql`select switchboard.find_owner(handle => ${handle}::text) as doc`),

    vendEndpoint: (a: { owner_id: string; agent_id: string; verbs?: string[] }) =>
      one(sql`select switchboard.vend_endpoint(owner_id => ${a.owner_id}::uuid, agent_id => ${a.agent_id}::text,
                verbs => ${v(a.verbs)}::text[]) as doc`),

    revokeEndpoint: (a: { owner_id: string; endpoint_id: string }) =>
      one(sql`select switchboard.revoke_endpoint(owner_id => ${a.owner_id}::uuid, endpoint_id => ${a.endpoint_id}::uuid) as doc`),

    rotateCredential: (a: { owner_id: string; endpoint_id: string; overlap_seconds?: number }) =>
      one(sql`select switchboard.rotate_credential(owner_id => ${a.owner_id}::uuid, endpoint_id => ${a.endpoint_id}::uuid,
                                                   overlap_seconds => ${a.overlap_seconds ?? 3600}::integer) as doc`),

    listEndpoints: (a: { owner_id: string }) =>
      one(sql`select switchboard.list_endpoints(owner_id => ${a.owner_id}::uuid) as doc`),
  };
}

export type Ledger = ReturnType<typeof createLedger>;
