// The front door /a2a stands behind, as one seam: who the bearer credential is (or the refusal), the caller's share of
// the pool, and the JSON body parser with our limit. This file implements it with what exists today; the shared
// src/http/ door replaces createA2aDoor at merge, and mountA2a does not change.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { AppContext } from '../context.js';
import type { Endpoint } from '../ledger.js';
import { CallGate } from '../mcp/fairness.js';
import { RequestPace } from '../mcp/pace.js';

/** An authenticated caller: the credential it presented and the endpoint that credential names. */
export interface Caller {
  credential: string;
  endpoint: Endpoint;
}

/** What the door says of a request: its caller, or a refusal that answers it (401 after the delay, 429 past a limit). */
export type Admission = { caller: Caller } | { refuse: (res: ServerResponse) => void };

/** A call slot refused: the caller has as many calls running and queued as it may. */
export interface Refusal {
  refuse: (res: ServerResponse) => void;
}

export interface A2aDoor {
  /**
   * The bearer credential's caller (switchboard_agent.authenticate, shared while a check is under way, in a lane of
   * its own), after the caller's request rate; or the refusal: 401 with WWW-Authenticate after the refusal delay,
   * 429 with Retry-After past the checks' lane or the rate.
   */
  authenticate(req: IncomingMessage): Promise<Admission>;
  /** Admits one request's database work for the caller (its share of the pool), or refuses it (429). */
  admit(caller: Caller): Promise<(() => void) | Refusal>;
  /** Runs one database call of an admitted caller when fewer than its concurrency limit run. */
  run<T>(caller: Caller, work: () => Promise<T>): Promise<T>;
  /** Parses a JSON body within the body limit; a body too large or not JSON is answered as a JSON-RPC error. */
  body: RequestHandler;
  /** Stops what the door listens to (server shutdown). */
  close(): Promise<void>;
}

/** A JSON-RPC error answered by the door itself (no id: the request was not read or not let through). */
export function rpcRefusal(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } });
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const throttled = (message: string, retryAfter: number) => (res: ServerResponse) =>
  rpcRefusal(res, 429, -32000, `throttled: ${message}`, { 'retry-after': String(retryAfter) });

const digest = (credential: string) => createHash('sha256').update(credential).digest('hex');

/** How long an accepted credential check stands for the requests after it (the same as a session's on /mcp). */
const RECHECK_MS = 5000;
/** At most this many accepted checks are remembered (each a digest and an endpoint document). */
const ACCEPTED_MAX = 10_000;

/**
 * Today's door, from the pieces /mcp uses: the same credential check (switchboard_agent.authenticate) in a lane of
 * SWITCHBOARD_MCP_AUTH_CHECKS with its queue, the same refusal delay, request rate and per-credential call gate
 * settings, and a JSON parser bounded by SWITCHBOARD_A2A_MAX_BODY_BYTES that answers JSON, never an HTML page.
 */
export function createA2aDoor(ctx: AppContext): A2aDoor {
  const { config } = ctx;
  const gate = new CallGate({
    running: config.SWITCHBOARD_MCP_CALLS_PER_CREDENTIAL,
    queued: config.SWITCHBOARD_MCP_QUEUE_PER_CREDENTIAL,
    waitMs: config.SWITCHBOARD_MCP_QUEUE_WAIT_MS,
  });
  const checks = new CallGate({
    running: config.SWITCHBOARD_MCP_AUTH_CHECKS,
    queued: config.SWITCHBOARD_MCP_AUTH_QUEUE,
    waitMs: config.SWITCHBOARD_MCP_QUEUE_WAIT_MS,
  });
  const pace = new RequestPace({
    perSecond: config.SWITCHBOARD_MCP_REQUESTS_PER_SECOND,
    burst: config.SWITCHBOARD_MCP_REQUEST_BURST,
    waitMs: config.SWITCHBOARD_MCP_QUEUE_WAIT_MS,
  });
  const checking = new Map<string, Promise<Endpoint | 'full'>>();
  // A credential's accepted check stands for RECHECK_MS, as a session's does on /mcp: a loop of requests on one
  // credential (streams refused at their cap, say) then costs no statement each. Every entry point checks the
  // credential again in its own statement whatever this says, and a revocation or rotation drops its entries at once.
  const accepted = new Map<string, { endpoint: Endpoint; until: number }>();
  const forget = (endpointId: string) => {
    for (const [k, v] of accepted) if (v.endpoint.endpoint_id === endpointId) accepted.delete(k);
  };
  const refusals = ctx.sql.listen('switchboard_credentials_refused', forget).catch(() => {
    accepted.clear();
    return null;
  });
  const check = async (credential: string): Promise<Endpoint | 'full'> => {
    const key = digest(credential);
    const hit = accepted.get(key);
    if (hit && hit.until > Date.now()) return hit.endpoint;
    if (hit) accepted.delete(key);
    let pending = checking.get(key);
    if (!pending) {
      pending = (async () => {
        const release = await checks.admit('all', 1);
        if (!release) return 'full' as const;
        try {
          return await checks.run('all', () => ctx.ledger.authenticate(credential));
        } finally {
          release();
        }
      })().finally(() => checking.delete(key));
      checking.set(key, pending);
    }
    const endpoint = await pending;
    if (endpoint !== 'full') {
      // Bounded: past the bound, the expired entries go, and if none had, the oldest.
      if (accepted.size >= ACCEPTED_MAX) {
        const now = Date.now();
        for (const [k, v] of accepted) if (v.until <= now) accepted.delete(k);
        if (accepted.size >= ACCEPTED_MAX) accepted.delete(accepted.keys().next().value!);
      }
      accepted.set(key, { endpoint, until: Date.now() + RECHECK_MS });
    }
    return endpoint;
  };
  const unauthorized = (message: string, error?: string) => (res: ServerResponse) => {
    const send = () =>
      rpcRefusal(res, 401, -32001, `Unauthorized: ${message}`, {
        'www-authenticate': `Bearer realm="switchboard"${error ? `, error="${error}"` : ''}`,
      });
    const delay = config.SWITCHBOARD_MCP_REFUSAL_DELAY_MS;
    if (delay === 0) send();
    else setTimeout(send, delay);
  };

  const parse = express.json({ limit: config.SWITCHBOARD_A2A_MAX_BODY_BYTES, type: () => true });
  const bodyErrors: ErrorRequestHandler = (err: { status?: unknown }, _req, res, next) => {
    if (res.headersSent) return next(err);
    if (err.status === 413) {
      // The connection is closed after the answer, so the rest of an oversize body is not read and thrown away.
      return rpcRefusal(res, 413, -32600, `Request body too large: at most ${config.SWITCHBOARD_A2A_MAX_BODY_BYTES} bytes (SWITCHBOARD_A2A_MAX_BODY_BYTES)`,
        { connection: 'close' });
    }
    rpcRefusal(res, 400, -32700, 'Parse error: the body is not JSON');
  };
  const body: RequestHandler = (req, res, next) => {
    parse(req, res, (err?: unknown) => (err ? bodyErrors(err, req, res, next) : next()));
  };

  return {
    async authenticate(req) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
      if (!match) return { refuse: unauthorized('send Authorization: Bearer <endpoint credential>') };
      const credential = match[1];
      let endpoint: Endpoint | 'full';
      try {
        endpoint = await check(credential);
      } catch (err) {
        if ((err as { code?: string }).code === 'SB403') return { refuse: unauthorized('unknown or revoked credential', 'invalid_token') };
        ctx.log.error({ err }, 'a2a: authentication failed');
        return { refuse: (res) => rpcRefusal(res, 503, -32603, 'Service unavailable') };
      }
      if (endpoint === 'full') {
        return {
          refuse: throttled(
            `the server is checking as many credentials as it may at once (SWITCHBOARD_MCP_AUTH_CHECKS ${checks.limits.running}, ` +
              `SWITCHBOARD_MCP_AUTH_QUEUE ${checks.limits.queued}); retry shortly`,
            1,
          ),
        };
      }
      const turn = pace.take(endpoint.endpoint_id, 1, true);
      if ('refused' in turn) {
        return {
          refuse: throttled(
            `this credential is making requests faster than it may (SWITCHBOARD_MCP_REQUESTS_PER_SECOND ${pace.limits.perSecond}, ` +
              `SWITCHBOARD_MCP_REQUEST_BURST ${pace.limits.burst})`,
            Math.max(1, Math.ceil(turn.retryAfterMs / 1000)),
          ),
        };
      }
      if (turn.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, turn.waitMs));
      return { caller: { credential, endpoint } };
    },
    async admit(caller) {
      const release = await gate.admit(caller.endpoint.endpoint_id, 1);
      if (release) return release;
      return {
        refuse: throttled(
          `this credential has as many calls running and queued as it may (SWITCHBOARD_MCP_CALLS_PER_CREDENTIAL ` +
            `${gate.limits.running}, SWITCHBOARD_MCP_QUEUE_PER_CREDENTIAL ${gate.limits.queued}); retry shortly`,
          1,
        ),
      };
    },
    run: (caller, work) => gate.run(caller.endpoint.endpoint_id, work),
    body,
    async close() {
      await (await refusals)?.unlisten().catch(() => {});
      accepted.clear();
    },
  };
}
