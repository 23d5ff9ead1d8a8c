// What one MCP tool is: its zod input (which validates a call), the portable JSON Schemas tools/list shows,
// and the one ledger call it makes.
import { z } from 'zod';
import { CONTRACT } from '../contract.gen.js';
import type { Doorbell } from '../doorbell.js';
import type { Doc, Ledger } from '../ledger.js';

/** snake_case to camelCase, in types: the ledger names its method for the verb `claim_next` `claimNext`. */
type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
type Verb = Camel<(typeof CONTRACT.verbs)[number]>;
/**
 * The ledger's agent verbs (switchboard_agent.*), each taking the caller's credential among its arguments: the
 * contract's verbs, so a verb added in SQL fails to compile here until the ledger has its method.
 */
export const AGENT_VERBS = [
  ...CONTRACT.verbs.map((v) => v.replace(/_(.)/g, (_, c: string) => c.toUpperCase())),
  'addTodos', // switchboard_agent.add_todos: add_todo's verb, many at once
] as (Verb | 'addTodos')[];
/** The agent verbs bound to the caller's credential (and, over HTTP, to its share of the pool). */
export type AgentCalls = { [K in Verb | 'addTodos']: (a: Omit<Parameters<Ledger[K]>[0], 'credential'>) => Promise<Doc> };

/** What a tool's run gets besides its arguments. */
export interface CallInfo {
  agent: AgentCalls;
  /** The MCP session id over Streamable HTTP, recorded on the attempt a claim opens; null elsewhere. */
  sessionId: string | null;
  /** Aborted when the client cancels the request or goes away. */
  signal: AbortSignal;
  /** The server's doorbell (src/doorbell.ts serverDoorbell), which a long-poll claim_next waits on. */
  doorbell(): Promise<Doorbell>;
  /** The endpoint the caller's credential names: a long poll wakes only on that tenant's todos, and counts against it. */
  endpointId: string;
  /** How many long polls one endpoint may hold open at once (SWITCHBOARD_MAX_WAITERS); more answer throttled. */
  maxWaiters: number;
  /** How often a long poll may claim again because it was rung (SWITCHBOARD_WAITER_CLAIMS_PER_SECOND). */
  waiterClaimsPerSecond: number;
  /** The longest a long poll waits (SWITCHBOARD_MAX_WAIT_SECONDS, at most MAX_WAIT_SECONDS). */
  maxWaitSeconds: number;
}

/** MCP tool hints; an omitted one takes the spec's default (readOnly false, idempotent false, destructive true). */
export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolDef<S extends z.ZodObject = z.ZodObject> {
  name: string;
  /** The vended verb that lists and allows it, when not its name (add_todos: add_todo). */
  verb?: string;
  title: string;
  description: string;
  input: S;
  output: z.ZodType;
  annotations: ToolAnnotations;
  run(args: z.infer<S>, call: CallInfo): Promise<Doc>;
}

export function defineTool<S extends z.ZodObject>(def: ToolDef<S>): ToolDef {
  return def as unknown as ToolDef;
}

type JsonSchema = Record<string, unknown>;
const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * A zod schema as a JSON Schema every MCP client accepts: one type per schema (a nullable field is an anyOf of
 * single types, as clients that map tools to a single-type dialect such as Gemini's need), no untyped node, no
 * regex beside a format, and the ±2^53 bounds zod writes on an unbounded integer dropped (they say nothing).
 */
export function portableSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const raw = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete raw.$schema;
  // An input's additionalProperties: false is left out of tools/list (12 KB for all thirteen tools): the server still
  // refuses an unknown argument as invalid, naming it.
  if (io === 'input') delete raw.additionalProperties;
  return portable(raw) as JsonSchema;
}

function portable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(portable);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'properties') out[k] = Object.fromEntries(Object.entries(v as JsonSchema).map(([p, s]) => [p, portable(s)]));
    else out[k] = portable(v);
  }
  if (Array.isArray(out.type)) {
    const types = out.type as string[];
    delete out.type;
    out.anyOf = types.map((type) => ({ type }));
  }
  if (out.format === 'uuid') delete out.pattern;
  delete out.propertyNames;
  // {} says "anything", which is the default: an untyped node strict checks warn about.
  if (isEmpty(out.additionalProperties)) delete out.additionalProperties;
  if (out.minimum === -SAFE) delete out.minimum;
  if (out.maximum === SAFE) delete out.maximum;
  return out;
}

function isEmpty(x: unknown): boolean {
  return typeof x === 'object' && x !== null && !Array.isArray(x) && Object.keys(x).length === 0;
}

/**
 * The zod issues of a call's arguments as one sentence a model can act on, naming each argument:
 * "todo_id is not a uuid; lease_seconds must be between 1 and 86400".
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], input: JsonSchema): string {
  const props = (input.properties ?? {}) as Record<string, JsonSchema>;
  return issues
    .slice(0, 5)
    .map((i) => {
      const name = i.path.length ? i.path.join('.') : 'arguments';
      const prop = props[String(i.path[0])];
      switch (i.code) {
        case 'unrecognized_keys':
          return `unknown argument${i.keys.length > 1 ? 's' : ''} ${i.keys.slice(0, 5).join(', ')} (Unrecognized key)`;
        case 'invalid_format':
          return i.format === 'uuid' || i.format === 'guid' ? `${name} is not a uuid` : `${name} is not a valid ${i.format}`;
        case 'too_small':
        case 'too_big':
          if (prop && typeof prop.minimum === 'number' && typeof prop.maximum === 'number') {
            return `${name} must be between ${prop.minimum} and ${prop.maximum}`;
          }
          return `${name}: ${i.message}`;
        case 'invalid_value':
          return `${name} must be one of ${i.values.map((v) => JSON.stringify(v)).join(', ')}`;
        case 'invalid_type':
          if (i.path.length === 0) return 'arguments must be an object';
          return i.input === undefined
            ? `${name} is required`
            : `${name} must be ${article(i.expected === 'int' ? 'integer' : i.expected)}`;
        default:
          return `${name}: ${i.message}`;
      }
    })
    .join('; ');
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
