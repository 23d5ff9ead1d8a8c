// Runs one tool call: one ledger call, its document as the result, errors mapped, one log line per call.
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext } from '../context.js';
import { CredentialCheck, CredentialRefused } from '../credential.js';
import { type CallerError, toCallerError } from '../errors.js';
import type { Doc } from '../ledger.js';
import type { ToolDef } from './tool.js';

/** A successful call: the document as structuredContent and as JSON text. */
export function okResult(doc: Doc): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(doc) }], structuredContent: doc };
}

/** An error: {error, message} as structuredContent; the text adds the recovery hint. */
export function errorResult(e: CallerError): CallToolResult {
  const doc = { error: e.kind, message: e.message };
  const text = e.hint ? `${JSON.stringify(doc)}\nRecovery: ${e.hint}` : JSON.stringify(doc);
  return { isError: true, content: [{ type: 'text', text }], structuredContent: doc };
}

/** Logs one line per call: verb, outcome (ok, empty or the error kind) and duration. Never the arguments. */
export function logCall(ctx: ToolContext, verb: string, started: bigint, outcome: string, err?: unknown): void {
  const duration_ms = Number(process.hrtime.bigint() - started) / 1e6;
  const line = { verb, outcome, duration_ms: Math.round(duration_ms * 10) / 10, endpoint_id: ctx.endpoint.endpoint_id };
  if (outcome === 'internal') ctx.log.error({ ...line, err }, 'tool call failed'); // the err serializer is safeError
  else ctx.log.info(line, 'tool call');
}

/** The credential a tool call over HTTP carries, for its verb's statement to check (see SessionTransport.tryDirect). */
function credentialOf(extra: { authInfo?: AuthInfo }): CredentialCheck | undefined {
  const check = extra.authInfo?.extra?.check;
  return check instanceof CredentialCheck ? check : undefined;
}

/**
 * A call that never reaches the ledger (an unknown tool, invalid arguments) still has its credential checked
 * before anything is logged or answered; CredentialRefused when it does not authenticate the call.
 */
export async function checkCredential(extra: { authInfo?: AuthInfo }): Promise<void> {
  const check = credentialOf(extra);
  if (check && !(await check.verify())) throw new CredentialRefused(check);
}

// The ledger's conflict for a caller that does not hold the lease covers a lapsed lease, a takeover and a fenced
// attempt called without its token; a call that sent no token is told the fix for the last first.
const NOT_HOLDER = /does not hold the lease/;
const SEND_TOKEN =
  'If your claim returned a lease_token, send it as lease_token. Otherwise your lease lapsed or was taken over: ' +
  'stop working on this todo and take other work with claim_next.';

interface Extra {
  authInfo?: AuthInfo;
  sessionId?: string;
  signal: AbortSignal;
}

/** Calls the ledger once and turns what comes back, or what it throws, into the tool result. */
export async function runTool(ctx: ToolContext, tool: ToolDef, args: Record<string, unknown>, extra: Extra): Promise<CallToolResult> {
  const started = process.hrtime.bigint();
  const check = credentialOf(extra);
  try {
    const doc = await tool.run(args, {
      ledger: ctx.ledger,
      sql: ctx.sql,
      endpointId: ctx.endpoint.endpoint_id,
      check,
      sessionId: extra.sessionId ?? null,
      signal: extra.signal,
    });
    logCall(ctx, tool.name, started, doc.empty === true ? 'empty' : 'ok');
    return okResult(doc);
  } catch (err) {
    // Not a result of this call: the request was not authenticated, and the HTTP layer answers it as such.
    if (err instanceof CredentialRefused) throw err;
    // Failed before its statement checked the credential (Postgres refused a value, say): check it now, so that
    // nothing is logged or answered for a caller it does not authenticate.
    if (check && !(await check.verify())) throw new CredentialRefused(check);
    const e = toCallerError(err);
    if (e.kind === 'conflict' && args.lease_token === undefined && NOT_HOLDER.test(e.message)) e.hint = SEND_TOKEN;
    logCall(ctx, tool.name, started, e.kind, err);
    return errorResult(e);
  }
}
