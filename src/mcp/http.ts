// Streamable HTTP at /mcp: bearer credential on every request, one MCP session (and server) per client.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Express, RequestHandler } from 'express';
import type { AppContext } from '../context.js';
import type { Endpoint } from '../ledger.js';
import { readJsonBody } from './body.js';
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
const BODY_LIMIT = 2 * 1024 * 1024;

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

  /** The endpoint the bearer credential names, or null after answering 401/503. Runs on every request. */
  async function authenticate(req: IncomingMessage, res: ServerResponse): Promise<Endpoint | null> {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="switchboard"');
      rpcError(res, 401, -32001, 'Unauthorized: send Authorization: Bearer <endpoint credential>');
      return null;
    }
    try {
      return await ctx.ledger.authenticate(match[1]);
    } catch (err) {
      if ((err as { code?: string }).code === 'SB403') {
        res.setHeader('WWW-Authenticate', 'Bearer realm="switchboard", error="invalid_token"');
        rpcError(res, 401, -32001, 'Unauthorized: unknown or revoked credential');
      } else {
        ctx.log.error({ err }, 'authentication failed');
        rpcError(res, 503, -32603, 'Service unavailable');
      }
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

  // The credential is checked before the body is even read, on every request of every session.
  async function post(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const endpoint = await authenticate(req, res);
    if (!endpoint) return;
    // A body that is not JSON, or too large, is answered as JSON-RPC, never with an HTML page.
    const read = await readJsonBody(req, BODY_LIMIT);
    if (!read.ok) {
      rpcError(res, read.status, -32700, read.status === 413 ? 'Request body too large' : 'Parse error');
      return;
    }
    const body = read.body;
    if (!req.headers['mcp-session-id'] && isInitializeRequest(body)) {
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
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
      return;
    }
    const s = sessionFor(req, res, endpoint);
    if (!s) return;
    if (s.transport.tryDirect(req, res, body)) return;
    await s.transport.handleRequest(req, res, body);
  }

  const auth: RequestHandler = async (req, res, next) => {
    const endpoint = await authenticate(req, res);
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
