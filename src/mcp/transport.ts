// One MCP session's Streamable HTTP transport: the SDK's, with tools/call answered directly as JSON.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import {
  StreamableHTTPServerTransport,
  type StreamableHTTPServerTransportOptions,
} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type JSONRPCMessage,
  JSONRPCRequestSchema,
  type MessageExtraInfo,
  type RequestId,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import type { CredentialCheck } from '../credential.js';

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * The SDK's StreamableHTTPServerTransport turns every Node request into a web Request and every answer into a
 * web Response (through @hono/node-server), and checks the body against the union of all JSON-RPC messages; for
 * a tool call that was about a quarter of the server's CPU (bench/mcp-profile.ts). A tools/call POSTed alone on
 * an initialized session, answered as JSON (enableJsonResponse), needs none of it: `tryDirect` hands it to the
 * MCP server as the SDK would, after the same checks, and `send` writes its answer straight to the Node response.
 * Everything else (initialize, notifications, batches, GET streams, DELETE, any request that fails a check, so
 * that the SDK answers it with its own error) goes through the SDK's transport, which this one wraps.
 */
export class SessionTransport implements Transport {
  readonly sdk: StreamableHTTPServerTransport;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  /** Direct requests waiting for their answer, by JSON-RPC id. */
  private readonly direct = new Map<RequestId, { res: ServerResponse; check?: CredentialCheck }>();
  /** Answers a direct request whose credential did not authenticate it: its state says why, `failure` if unchecked. */
  refused?: (res: ServerResponse, check: CredentialCheck, failure?: unknown) => void;

  constructor(options: StreamableHTTPServerTransportOptions) {
    this.sdk = new StreamableHTTPServerTransport({ ...options, enableJsonResponse: true });
    // The MCP server sets these on this transport when it connects; messages from the SDK's path reach it here.
    this.sdk.onclose = () => this.onclose?.();
    this.sdk.onerror = (e) => this.onerror?.(e);
    this.sdk.onmessage = (message, extra) => this.onmessage?.(message, extra);
  }

  get sessionId(): string | undefined {
    return this.sdk.sessionId;
  }

  start(): Promise<void> {
    return this.sdk.start();
  }

  close(): Promise<void> {
    return this.sdk.close();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const isResponse = 'id' in message && !('method' in message);
    const id = isResponse ? (message as { id: RequestId }).id : options?.relatedRequestId;
    const entry = id === undefined ? undefined : this.direct.get(id);
    if (!entry) return this.sdk.send(message, options);
    // As in the SDK's JSON mode, a notification about a request that is answered as JSON has nowhere to go.
    if (!isResponse) return;
    this.direct.delete(id!);
    const { res, check } = entry;
    if (res.writableEnded || res.destroyed) return;
    if (check) {
      // The verb's statement checks the credential when the call gets that far; an answer that came without (the
      // MCP server refused the call itself) waits for a lookup. One that fails (the database is down) leaves it
      // unchecked.
      let ok = false;
      let failure: unknown;
      try {
        ok = await check.verify();
      } catch (err) {
        failure = err;
      }
      if (!ok) return this.refused?.(res, check, failure);
    }
    res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': this.sessionId! });
    res.end(JSON.stringify(message));
  }

  /** Through the SDK's transport: anything `tryDirect` declined, and GET and DELETE. */
  handleRequest(req: IncomingMessage & { auth?: AuthInfo }, res: ServerResponse, body?: unknown): Promise<void> {
    return this.sdk.handleRequest(req, res, body);
  }

  /**
   * Takes a POSTed body that is one tools/call request, with the headers the SDK would accept, and returns true;
   * its answer is written by `send`. Returns false, having done nothing, for anything else.
   */
  tryDirect(req: IncomingMessage, res: ServerResponse, body: unknown, check?: CredentialCheck): boolean {
    if (this.sessionId === undefined || typeof body !== 'object' || body === null) return false;
    if ((body as { method?: unknown }).method !== 'tools/call') return false;
    // The SDK's own checks for a POST after initialization (its answers: 406, 415, 400).
    const accept = req.headers.accept;
    if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) return false;
    if (!JSON_TYPE.test(req.headers['content-type'] ?? '')) return false;
    const version = req.headers['mcp-protocol-version'];
    if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(String(version))) return false;
    const parsed = JSONRPCRequestSchema.safeParse(body);
    if (!parsed.success || this.direct.has(parsed.data.id)) return false;
    const message = parsed.data;
    const entry = { res, check };
    this.direct.set(message.id, entry);
    // A client that goes away before the answer (or a call the MCP server never answers: cancelled) frees its slot.
    res.once('close', () => {
      if (this.direct.get(message.id) === entry) this.direct.delete(message.id);
    });
    // The check rides along as the SDK's authInfo, which reaches the tool handlers as extra.authInfo.
    const authInfo: AuthInfo | undefined = check && { token: check.credential, clientId: check.endpointId, scopes: [], extra: { check } };
    this.onmessage?.(message, { authInfo, requestInfo: { headers: req.headers } });
    return true;
  }
}
