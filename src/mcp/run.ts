// Runs one tool call: one ledger call, its document as the result, errors mapped, one log line per call.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext } from '../context.js';
import { type CallerError, toCallerError } from '../errors.js';
import type { Doc } from '../ledger.js';

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

/** Calls the ledger once and turns what comes back, or what it throws, into the tool result. */
export async function runTool(ctx: ToolContext, verb: string, call: () => Promise<Doc>): Promise<CallToolResult> {
  const started = process.hrtime.bigint();
  try {
    const doc = await call();
    logCall(ctx, verb, started, doc.empty === true ? 'empty' : 'ok');
    return okResult(doc);
  } catch (err) {
    const e = toCallerError(err);
    logCall(ctx, verb, started, e.kind, err);
    return errorResult(e);
  }
}
