// Runs one tool call: one ledger call, its document as the result, errors mapped, one log line per call.
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext } from '../context.js';
import { type CallerError, toCallerError } from '../errors.js';
import type { CallGate, Cancelled } from '../http/call-gate.js';
import { type Doorbell, serverDoorbell } from '../doorbell.js';
import type { Doc } from '../ledger.js';
import { type AgentCalls, AGENT_VERBS, type CallInfo, type ToolDef } from './tool.js';

/** A successful call: the document as structuredContent and as JSON text. */
export function okResult(doc: Doc): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(doc) }], structuredContent: doc };
}

/** An error: {error, message} (throttled adds retry_after_seconds) as structuredContent; the text adds the recovery hint. */
export function errorResult(e: CallerError): CallToolResult {
  const doc: Doc = { error: e.kind, message: e.message };
  if (e.retryAfterSeconds !== undefined) doc.retry_after_seconds = e.retryAfterSeconds;
  const text = e.hint ? `${JSON.stringify(doc)}\nRecovery: ${e.hint}` : JSON.stringify(doc);
  return { isError: true, content: [{ type: 'text', text }], structuredContent: doc };
}

/** Logs one line per call: verb, outcome (ok, empty or the error kind) and duration. Never the arguments. */
export function logCall(ctx: ToolContext, verb: string, started: bigint, outcome: string, err?: unknown): void {
  const internal = outcome === 'internal';
  // Nothing is built for a line the level drops.
  if (!ctx.log.isLevelEnabled(internal ? 'error' : 'info')) return;
  const duration_ms = Number(process.hrtime.bigint() - started) / 1e6;
  const line = { verb, outcome, duration_ms: Math.round(duration_ms * 10) / 10, endpoint_id: ctx.endpoint.endpoint_id };
  if (internal) ctx.log.error({ ...line, err }, 'tool call failed'); // the err serializer is safeError
  else ctx.log.info(line, 'tool call');
}

/** The credential a call acts with: the request's, which the HTTP middleware put in the SDK's authInfo. */
function credentialOf(ctx: ToolContext, extra: { authInfo?: AuthInfo }): string {
  const credential = extra.authInfo?.token ?? ctx.credential;
  if (!credential) throw new Error('a tool call without a credential');
  return credential;
}

/** What one call's agent verbs are bound to. */
interface Binding {
  credential: string;
  cancelled: Cancelled;
  key: string;
  gate: CallGate | undefined;
}

/** Per ledger, the agent verbs as methods of a prototype reading their binding (`this`): built once, not per call. */
const verbsOf = new WeakMap<ToolContext['ledger'], object>();

/**
 * The agent verbs bound to this call's credential, each database call through the credential's gate; one still
 * waiting for its turn when the call is cancelled (the client went away) is not run.
 */
function agentCalls(ctx: ToolContext, credential: string, cancelled: Cancelled): AgentCalls {
  let verbs = verbsOf.get(ctx.ledger);
  if (!verbs) {
    const ledger = ctx.ledger;
    const proto: Record<string, (this: Binding, a: object) => Promise<Doc>> = {};
    for (const verb of AGENT_VERBS) {
      const fn = ledger[verb] as (a: object) => Promise<Doc>;
      proto[verb] = function (a) {
        const credential = this.credential;
        return this.gate ? this.gate.run(this.key, () => fn({ ...a, credential }), this.cancelled) : fn({ ...a, credential });
      };
    }
    verbs = proto;
    verbsOf.set(ledger, verbs);
  }
  const binding: Binding = Object.create(verbs);
  binding.credential = credential;
  binding.cancelled = cancelled;
  binding.key = ctx.endpoint.endpoint_id;
  binding.gate = ctx.door?.calls;
  return binding as unknown as AgentCalls;
}

// The ledger's conflict for a caller that does not hold the lease covers a lapsed lease, a takeover and a fenced
// attempt called without its token; a call that sent no token is told the fix for the last first.
const NOT_HOLDER = /does not hold the lease/;
const SEND_TOKEN =
  'If your claim returned a lease_token, send it as lease_token. Otherwise your lease lapsed or was taken over: ' +
  'stop working on this todo and take other work with claim_next.';

interface Extra {
  authInfo?: AuthInfo;
  signal: AbortSignal;
  /** Whether the call was cancelled, when that can be read without making `signal` (the transport's direct calls). */
  cancelled?: Cancelled;
}

/** What the HTTP front door puts in authInfo.extra besides the endpoint (src/mcp/http.ts). */
interface DoorExtra {
  /** The request's MCP session id when it verified as one this server issued to the endpoint. */
  sessionId?: string;
  /**
   * Called when the database refused the credential itself (forbidden with DETAIL {"credential": "refused"}): the
   * door forgets it, and this request is answered 401 rather than the tool result.
   */
  refused?: () => void;
}

/** What a tool's run gets, its signal read from the request only when the tool asks for it (a long poll does). */
class Call implements CallInfo {
  readonly sessionId: string | null;
  readonly endpointId: string;
  readonly maxWaiters: number;
  readonly waiterClaimsPerSecond: number;
  readonly maxWaitSeconds: number;

  constructor(
    private readonly ctx: ToolContext,
    readonly agent: AgentCalls,
    private readonly extra: Extra,
  ) {
    const config = ctx.config;
    this.sessionId = (extra.authInfo?.extra as DoorExtra | undefined)?.sessionId ?? null;
    this.endpointId = ctx.endpoint.endpoint_id;
    this.maxWaiters = config.SWITCHBOARD_MAX_WAITERS;
    this.waiterClaimsPerSecond = config.SWITCHBOARD_WAITER_CLAIMS_PER_SECOND;
    this.maxWaitSeconds = config.SWITCHBOARD_MAX_WAIT_SECONDS;
  }

  doorbell(): Promise<Doorbell> {
    return serverDoorbell(this.ctx);
  }

  get signal(): AbortSignal {
    return this.extra.signal;
  }
}

/**
 * Calls the ledger once and turns what comes back, or what it throws, into the tool result. The call's signal is the
 * SDK's: it aborts on notifications/cancelled and, over HTTP, when the request's client goes away (src/mcp/http.ts
 * cancels the POST's requests through the transport).
 */
export async function runTool(
  ctx: ToolContext,
  tool: ToolDef,
  args: Record<string, unknown>,
  extra: Extra,
  started = process.hrtime.bigint(),
): Promise<CallToolResult> {
  // Read without making the signal where the transport allows it: only a call that waits (a long poll) needs one.
  const cancelled = extra.cancelled ?? extra.signal;
  try {
    const doc = await tool.run(args, new Call(ctx, agentCalls(ctx, credentialOf(ctx, extra), cancelled), extra));
    logCall(ctx, tool.name, started, doc.empty === true ? 'empty' : 'ok');
    return okResult(doc);
  } catch (err) {
    // The client went away before the call ran (or while it waited): nobody reads the answer, and nothing failed.
    if (cancelled.aborted) {
      logCall(ctx, tool.name, started, 'aborted');
      return errorResult({ kind: 'internal', message: 'internal: the request was abandoned by its client', hint: '' });
    }
    const e = toCallerError(err);
    if (e.credentialRefused) (extra.authInfo?.extra as DoorExtra | undefined)?.refused?.();
    if (e.kind === 'conflict' && args.lease_token === undefined && NOT_HOLDER.test(e.message)) e.hint = SEND_TOKEN;
    logCall(ctx, tool.name, started, e.kind, err);
    return errorResult(e);
  }
}
