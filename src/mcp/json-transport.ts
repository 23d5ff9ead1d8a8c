// A Transport of our own (the MCP SDK's documented `Transport` interface) for one stateless POST answered as one JSON
// document, straight over node:http: what the SDK's StreamableHTTPServerTransport does in its stateless JSON-response
// mode (the same checks, status codes and messages), without its conversion to Web Request/Response and streams.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Cancelled } from '../http/call-gate.js';
import {
  ErrorCode,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type Result,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';

/** A JSON-RPC error with no id, as the SDK's transport answers a request it cannot take. */
function jsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
}

/** The most messages one batch may carry (as the SDK's transport: 100). */
export const MAX_BATCH = 100;

type Id = string | number;
type Json = Record<string, unknown>;

/** A JSON object (not an array, not null). */
export const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);
const isId = (x: unknown): x is Id => typeof x === 'string' || (typeof x === 'number' && Number.isInteger(x));

/** A JSON-RPC 2.0 message as the SDK's JSONRPCMessageSchema admits it: a request, a notification or a response. */
function isMessage(m: unknown): m is JSONRPCMessage {
  if (!isObject(m) || m.jsonrpc !== '2.0') return false;
  if (typeof m.method === 'string') return (!('id' in m) || isId(m.id)) && (m.params === undefined || isObject(m.params));
  return isId(m.id) && ('result' in m ? isObject(m.result) && !('error' in m) : isObject(m.error));
}

const isRequest = (m: JSONRPCMessage): m is JSONRPCMessage & { id: Id; method: string } => 'method' in m && 'id' in m;

/** Whether the body is one initialize request (the SDK's isInitializeRequest, without a schema parse). */
export function isInitialize(body: unknown): boolean {
  return isObject(body) && body.method === 'initialize' && isObject(body.params);
}

/** The media type of a Content-Type header is application/json (parameters such as charset aside). */
function isJsonType(header: string | undefined): boolean {
  return header !== undefined && header.split(';', 1)[0].trim().toLowerCase() === 'application/json';
}

/**
 * Checks a POST to /mcp as the SDK's transport does; answers the refusal itself and returns null, or returns the
 * messages. `body` is the parsed JSON (undefined when the content type was not JSON).
 */
export function readMessages(req: IncomingMessage, res: ServerResponse, body: unknown): JSONRPCMessage[] | null {
  const accept = req.headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    jsonRpcError(res, 406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
    return null;
  }
  if (!isJsonType(req.headers['content-type'])) {
    jsonRpcError(res, 415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    return null;
  }
  if (Array.isArray(body) && body.length > MAX_BATCH) {
    jsonRpcError(res, 400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH} messages`);
    return null;
  }
  const messages = Array.isArray(body) ? body : [body];
  if (!messages.every(isMessage)) {
    jsonRpcError(res, 400, -32700, 'Parse error: Invalid JSON-RPC message');
    return null;
  }
  if (messages.some(isInitialize)) {
    if (messages.length > 1) {
      jsonRpcError(res, 400, -32600, 'Invalid Request: Only one initialization request is allowed');
      return null;
    }
  } else {
    const version = req.headers['mcp-protocol-version'];
    if (typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      jsonRpcError(res, 400, -32000,
        `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`);
      return null;
    }
  }
  return messages;
}

/** Writes a POST's answer: its JSON document with 200, or, for a POST of notifications or responses only, 202. */
export function writeAnswer(res: ServerResponse, doc: JSONRPCMessage | JSONRPCMessage[] | null): void {
  if (res.headersSent || res.destroyed) return;
  if (doc === null) return void res.writeHead(202).end();
  const body = JSON.stringify(doc);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
}

/**
 * A request the transport answers itself, beside the server: given a request, the function that answers it, or
 * undefined to leave it to the server. Its answer (or error) is sent as the SDK's Protocol would send a handler's.
 */
export type DirectHandler = (
  request: JSONRPCMessage & { id: Id; method: string },
) => ((extra: DirectExtra) => Promise<Result>) | undefined;

/**
 * What a request answered here runs with: the caller's authInfo, and its cancellation, whose AbortSignal is made
 * only when something asks for it (a long poll waits on it) or the call is cancelled: most calls never need one, and
 * making it was a few per cent of the server's CPU per call. `cancelled` says whether it was, without making it.
 */
export class DirectExtra implements Cancelled {
  private controller?: AbortController;

  constructor(readonly authInfo: AuthInfo) {}

  get cancelled(): Cancelled {
    return this;
  }

  get aborted(): boolean {
    return this.controller?.signal.aborted === true;
  }

  get reason(): unknown {
    return this.controller?.signal.reason;
  }

  get signal(): AbortSignal {
    return (this.controller ??= new AbortController()).signal;
  }

  cancel(reason: string): void {
    (this.controller ??= new AbortController()).abort(reason);
  }
}

/** A handler's error as the SDK's Protocol answers it: its numeric code (else -32603), its message, its data. */
function errorOf(error: unknown): { code: number; message: string; data?: unknown } {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  return {
    code: Number.isSafeInteger(e.code) ? (e.code as number) : ErrorCode.InternalError,
    message: (e.message as string | undefined) ?? 'Internal error',
    ...(e.data !== undefined && { data: e.data }),
  };
}

/** One POST's requests in flight: their ids as the client sent them, and the answers so far, in the same order. */
interface Post {
  ids: Id[];
  /** The ids the server sees them under. */
  sent: number[];
  answers: JSONRPCMessage[];
  left: number;
  done: (doc: JSONRPCMessage | JSONRPCMessage[] | null) => void;
}

/**
 * The connection of one long-lived Server (Protocol.connect sets onmessage) to every POST: `handle` hands a POST's
 * messages to the server and resolves to its answer once every request is answered: one JSON document (an array for
 * a batch, in the requests' order), or null for a POST of notifications or responses only (202). The caller writes
 * it (writeAnswer). Clients number their requests independently, so each request reaches the server under an id of
 * this transport's own, and its answer goes back under the client's id; nothing else is kept of a POST once it is
 * answered. What the server sends otherwise (a request or a notification to the client) has no stream to go to and is
 * dropped: these tools send nothing before their result. A client's responses (the server sends no requests) and its
 * notifications/cancelled (a POST's requests are cancelled by its hang-up: `cancel`) are not passed on, as a server of
 * its own per POST ignored them.
 */
export class JsonResponseTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  private last = 0;
  /** The requests in flight, by the id the server sees: their POST and their place in it. */
  private readonly inFlight = new Map<number, { post: Post; index: number; direct?: DirectExtra }>();
  private closed = false;

  /** `direct`: requests answered here rather than by the server (src/mcp/server.ts's directToolCall). */
  constructor(private readonly direct?: DirectHandler) {}

  async start(): Promise<void> {}

  /**
   * Delivers the POST's messages to the server, with the caller's authInfo as the SDK's transport passes it. The
   * returned `cancel` (for the POST's hang-up) cancels its requests still in flight, as notifications/cancelled would:
   * the server aborts their signal and answers nothing, and the answer resolves to null.
   */
  handle(messages: JSONRPCMessage[], authInfo: AuthInfo): { answer: Promise<JSONRPCMessage | JSONRPCMessage[] | null>; cancel: () => void } {
    const extra = { authInfo };
    const ids: Id[] = [];
    for (const m of messages) if (isRequest(m)) ids.push(m.id);
    let done: Post['done'] = () => {};
    const answer = new Promise<JSONRPCMessage | JSONRPCMessage[] | null>((resolve) => {
      done = resolve;
    });
    const post: Post = { ids, sent: [], answers: new Array<JSONRPCMessage>(ids.length), left: ids.length, done };
    for (const m of messages) {
      if (isRequest(m)) {
        const id = ++this.last;
        const run = this.direct?.(m);
        const direct = run ? new DirectExtra(authInfo) : undefined;
        this.inFlight.set(id, { post, index: post.sent.length, direct });
        post.sent.push(id);
        if (!run) this.onmessage?.({ ...m, id } as JSONRPCMessage, extra);
        else {
          run(direct!).then(
            (result) => this.send({ result, jsonrpc: '2.0', id }),
            (error: unknown) => this.send({ jsonrpc: '2.0', id, error: errorOf(error) }),
          );
        }
      } else if ('method' in m && m.method !== 'notifications/cancelled') this.onmessage?.(m, extra);
    }
    if (ids.length === 0) done(null);
    const cancel = () => {
      if (post.left === 0) return;
      post.left = 0;
      for (const id of post.sent) {
        const entry = this.inFlight.get(id);
        if (!entry) continue;
        this.inFlight.delete(id);
        if (entry.direct) {
          entry.direct.cancel('the client went away');
          continue;
        }
        this.onmessage?.({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'the client went away' } });
      }
      done(null);
    };
    return { answer, cancel };
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed || !('id' in message) || 'method' in message) return;
    const entry = this.inFlight.get(message.id as number);
    if (!entry) return;
    this.inFlight.delete(message.id as number);
    const { post, index } = entry;
    post.answers[index] = { ...message, id: post.ids[index] } as JSONRPCMessage;
    if (--post.left > 0) return;
    post.done(post.ids.length === 1 ? post.answers[0] : post.answers);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
}
