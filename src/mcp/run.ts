// Runs one tool call: one ledger call, its document as the result, errors mapped, one log line per call.
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext } from '../context.js';
import { CredentialCheck, CredentialRefused } from '../credential.js';
import { type CallerError, toCallerError } from '../errors.js';
import type { Doc } from '../ledger.js';

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

/**
 * Calls the ledger once and turns what comes back, or what it throws, into the tool result. `call` gets the
 * credential the request carries over HTTP (none over stdio or in memory), for the verb's statement to check.
 */
export async function runTool(
  ctx: ToolContext,
  verb: string,
  extra: { authInfo?: AuthInfo },
  call: (check: CredentialCheck | undefined) => Promise<Doc>,
): Promise<CallToolResult> {
  const started = process.hrtime.bigint();
  const check = credentialOf(extra);
  try {
    const doc = await call(check);
    logCall(ctx, verb, started, doc.empty === true ? 'empty' : 'ok');
    return okResult(doc);
  } catch (err) {
    // Not a result of this call: the request was not authenticated, and the HTTP layer answers it as such.
    if (err instanceof CredentialRefused) throw err;
    // Failed before its statement checked the credential (Postgres refused a value, say): check it now, so that
    // nothing is logged or answered for a caller it does not authenticate.
    if (check && !(await check.verify())) throw new CredentialRefused(check);
    const e = toCallerError(err);
    logCall(ctx, verb, started, e.kind, err);
    return errorResult(e);
  }
}
