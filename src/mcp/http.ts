// Streamable HTTP at /mcp: bearer credential on every request, one MCP session (and server) per client.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server as McpServer } from '@modelcontextprotocol/sdk/server/index.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Express, RequestHandler } from 'express';
import type { AppContext } from '../context.js';
import type { Endpoint } from '../ledger.js';
import { CredentialCheck } from '../credential.js';
import { jsonBodyReader } from './body.js';
import { createMcpServer } from './server.js';
import { SessionTransport } from './transport.js';

interface Session {
  transport: SessionTransport;
  server: McpServer;
  endpointId: string;
  lastSeen: number;
}

// A client that vanishes without DELETE leaves a session behind; one idle this long is closed.
const SESSION_IDLE_MS = 60 * 60 * 1000;
const readJsonBody = jsonBodyReader(2 * 1024 * 1024);

/** A JSON-RPC error with no id, as the SDK answers transport-level failures. */
export function rpcError(res: ServerResponse, status: number, code: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Whether a URL's path is /mcp (as Express routed it: any case, an optional trailing slash, any query). */
export function isMcpPath(url: string | undefined): boolean {
  const q = url?.indexOf('?') ?? -1;
  const path = (q < 0 ? url : url!.slice(0, q)) ?? '';
  return path === '/mcp' || /^\/mcp\/?$/i.test(path);
}

export interface McpHttp {
  /**
   * Answers a POST to /mcp. The server calls it for every POST to /mcp, ahead of Express: a tool call is the
   * hot path, and Express's router and body parser were about a fifth of its CPU.
   */
  post(req: IncomingMessage, res: ServerResponse): void;
  /** Closes every open MCP session (their streams end). */
  closeAll(): Promise<void>;
  sessionCount(): number;
}

/** GET (the session's server-to-client stream) and DELETE (end the session) go through Express; POST through `post`. */
export function mountMcp(app: Express, ctx: AppContext): McpHttp {
  const sessions = new Map<string, Session>();

  const sweep = setInterval(() => {
    const horizon = Date.now() - SESSION_IDLE_MS;
    for (const [id, s] of sessions) {
      if (s.lastSeen >= horizon) continue;
      sessions.delete(id);
      void s.server.close().catch(() => {});
    }
  }, 60_000);
  sweep.unref();

  /** The bearer credential of a request, or null after answering 401 (the body is never read without one). */
  function bearer(req: IncomingMessage, res: ServerResponse): string | null {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (match) return match[1];
    res.setHeader('WWW-Authenticate', 'Bearer realm="switchboard"');
    rpcError(res, 401, -32001, 'Unauthorized: send Authorization: Bearer <endpoint credential>');
    return null;
  }

  function refused(res: ServerResponse): void {
    res.setHeader('WWW-Authenticate', 'Bearer realm="switchboard", error="invalid_token"');
    rpcError(res, 401, -32001, 'Unauthorized: unknown or revoked credential');
  }

  function unavailable(res: ServerResponse, err: unknown): void {
    ctx.log.error({ err }, 'authentication failed');
    rpcError(res, 503, -32603, 'Service unavailable');
  }

  /** The endpoint a credential names, or null after answering 401/503. */
  async function authenticate(credential: string, res: ServerResponse): Promise<Endpoint | null> {
    try {
      return await ctx.ledger.authenticate(credential);
    } catch (err) {
      if ((err as { code?: string }).code === 'SB403') refused(res);
      else unavailable(res, err);
      return null;
    }
  }

  /** The caller's session, or null after answering 400/404. Another endpoint's session looks unknown. */
  function sessionFor(req: IncomingMessage, res: ServerResponse, endpoint: Endpoint): Session | null {
    const id = req.headers['mcp-session-id'];
    if (!id) {
      rpcError(res, 400, -32000, 'Bad Request: no Mcp-Session-Id header; initialize first');
      return null;
    }
    const s = sessions.get(String(id));
    if (!s || s.endpointId !== endpoint.endpoint_id) {
      rpcError(res, 404, -32001, 'Session not found');
      return null;
    }
    s.lastSeen = Date.now();
    return s;
  }

  function failed(res: ServerResponse, err: unknown): void {
    ctx.log.error({ err }, 'mcp request failed');
    if (!res.headersSent) rpcError(res, 500, -32603, 'Internal error');
  }

  /**
   * The credential is checked on every request, before anything the request asks for is done or answered. A tool
   * call on a live session has it checked by the statement that runs its verb (src/credential.ts), one round trip
   * instead of two; any other request by authenticate, before its body is read (a session's id is not known to
   * whoever lacks its credential).
   */
  async function post(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const credential = bearer(req, res);
    if (credential === null) return;
    const sessionId = req.headers['mcp-session-id'];
    let endpoint: Endpoint | null = null;
    if (sessionId === undefined || !sessions.has(String(sessionId))) {
      endpoint = await authenticate(credential, res);
      if (!endpoint) return;
    }
    // A body that is not JSON, or too large, is answered as JSON-RPC, never with an HTML page.
    const read = await readJsonBody(req, res);
    if (!read.ok) {
      if (!endpoint && !(await authenticate(credential, res))) return;
      rpcError(res, read.status, -32700, read.status === 413 ? 'Request body too large' : 'Parse error');
      return;
    }
    const body = read.body;
    const session = sessionId === undefined ? undefined : sessions.get(String(sessionId));
    if (session) {
      const check = new CredentialCheck(credential, session.endpointId, ctx.ledger.credentialEndpoint);
      if (session.transport.tryDirect(req, res, body, check)) {
        session.lastSeen = Date.now();
        return;
      }
    }
    endpoint ??= await authenticate(credential, res);
    if (!endpoint) return;
    if (!sessionId && isInitializeRequest(body)) {
      await initialize(req, res, body, endpoint);
      return;
    }
    // 400 without a session id, 404 for an unknown one or another endpoint's.
    const s = sessionFor(req, res, endpoint);
    if (s) await s.transport.handleRequest(req, res, body);
  }

  /** A new session: its MCP server, for the endpoint the credential named, and its transport. */
  async function initialize(req: IncomingMessage, res: ServerResponse, body: unknown, endpoint: Endpoint): Promise<void> {
    const server = createMcpServer({ ...ctx, endpoint });
    const transport: SessionTransport = new SessionTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server, endpointId: endpoint.endpoint_id, lastSeen: Date.now() });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    transport.refused = (res, check, failure) => {
      if (check.state === 'refused') refused(res);
      else if (check.state === 'foreign') rpcError(res, 404, -32001, 'Session not found');
      else unavailable(res, failure);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  const auth: RequestHandler = async (req, res, next) => {
    const credential = bearer(req, res);
    const endpoint = credential === null ? null : await authenticate(credential, res);
    if (!endpoint) return;
    res.locals.endpoint = endpoint;
    next();
  };
  const existing: RequestHandler = async (req, res) => {
    const s = sessionFor(req, res, res.locals.endpoint as Endpoint);
    if (!s) return;
    try {
      await s.transport.handleRequest(req, res);
    } catch (err) {
      failed(res, err);
    }
  };
  app.get('/mcp', auth, existing);
  app.delete('/mcp', auth, existing);

  return {
    post: (req, res) => {
      post(req, res).catch((err) => failed(res, err));
    },
    async closeAll() {
      clearInterval(sweep);
      const all = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(all.map((s) => s.server.close()));
    },
    sessionCount: () => sessions.size,
  };
}
