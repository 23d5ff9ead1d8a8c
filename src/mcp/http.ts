// Streamable HTTP at /mcp: bearer credential on every request, one MCP session (and server) per client.
import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Response } from 'express';
import type { AppContext } from '../context.js';
import type { Endpoint } from '../ledger.js';
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

function rpcError(res: Response, status: number, code: number, message: string): void {
  res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id: null });
}

export interface McpHttp {
  /** Closes every open MCP session (their streams end). */
  closeAll(): Promise<void>;
  sessionCount(): number;
}

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
  async function authenticate(req: Request, res: Response): Promise<Endpoint | null> {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) {
      res.set('WWW-Authenticate', 'Bearer realm="switchboard"');
      rpcError(res, 401, -32001, 'Unauthorized: send Authorization: Bearer <endpoint credential>');
      return null;
    }
    try {
      return await ctx.ledger.authenticate(match[1]);
    } catch (err) {
      if ((err as { code?: string }).code === 'SB403') {
        res.set('WWW-Authenticate', 'Bearer realm="switchboard", error="invalid_token"');
        rpcError(res, 401, -32001, 'Unauthorized: unknown or revoked credential');
      } else {
        ctx.log.error({ err }, 'authentication failed');
        rpcError(res, 503, -32603, 'Service unavailable');
      }
      return null;
    }
  }

  /** The caller's session, or null after answering 400/404. Another endpoint's session looks unknown. */
  function sessionFor(req: Request, res: Response, endpoint: Endpoint): Session | null {
    const id = req.get('mcp-session-id');
    if (!id) {
      rpcError(res, 400, -32000, 'Bad Request: no Mcp-Session-Id header; initialize first');
      return null;
    }
    const s = sessions.get(id);
    if (!s || s.endpointId !== endpoint.endpoint_id) {
      rpcError(res, 404, -32001, 'Session not found');
      return null;
    }
    s.lastSeen = Date.now();
    return s;
  }

  // The credential is checked before the body is even read, on every request of every session.
  const auth: RequestHandler = async (req, res, next) => {
    const endpoint = await authenticate(req, res);
    if (!endpoint) return;
    res.locals.endpoint = endpoint;
    next();
  };
  const json = express.json({ limit: '2mb' });

  app.post('/mcp', auth, json, async (req, res) => {
    const endpoint = res.locals.endpoint as Endpoint;
    try {
      if (!req.get('mcp-session-id') && isInitializeRequest(req.body)) {
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
        await transport.handleRequest(req, res, req.body);
        return;
      }
      const s = sessionFor(req, res, endpoint);
      if (!s) return;
      if (s.transport.tryDirect(req, res, req.body)) return;
      await s.transport.handleRequest(req, res, req.body);
    } catch (err) {
      ctx.log.error({ err }, 'mcp request failed');
      if (!res.headersSent) rpcError(res, 500, -32603, 'Internal error');
    }
  });

  // GET opens the server-to-client stream of a session; DELETE ends the session.
  const existing: RequestHandler = async (req, res) => {
    const s = sessionFor(req, res, res.locals.endpoint as Endpoint);
    if (!s) return;
    try {
      await s.transport.handleRequest(req, res);
    } catch (err) {
      ctx.log.error({ err }, 'mcp request failed');
      if (!res.headersSent) rpcError(res, 500, -32603, 'Internal error');
    }
  };
  app.get('/mcp', auth, existing);
  app.delete('/mcp', auth, existing);

  // A body that is not JSON, or too large, is answered as JSON-RPC, never with Express's HTML page and stack.
  const bodyErrors: ErrorRequestHandler = (err, _req, res, next) => {
    if (res.headersSent) return next(err);
    const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) ctx.log.error({ err }, 'mcp request failed');
    rpcError(res, status, status === 500 ? -32603 : -32700, status === 413 ? 'Request body too large' : status === 500 ? 'Internal error' : 'Parse error');
  };
  app.use('/mcp', bodyErrors);

  return {
    async closeAll() {
      clearInterval(sweep);
      const all = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(all.map((s) => s.server.close()));
    },
    sessionCount: () => sessions.size,
  };
}
