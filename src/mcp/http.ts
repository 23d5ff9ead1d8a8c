// Streamable HTTP at /mcp: the SDK's StreamableHTTPServerTransport, one per MCP session, behind bearer
// authentication (middleware that hands the credential to the SDK as authInfo), bounded sessions recycled by what
// they have answered, a per-credential request rate, and a per-credential share of the pool.
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Response } from 'express';
import type { AppContext } from '../context.js';
import type { Endpoint } from '../ledger.js';
import { signalsFor } from '../signals.js';
import { CallGate } from './fairness.js';
import { RequestPace } from './pace.js';
import { createMcpServer } from './server.js';

interface Session {
  id: string;
  transport: StreamableHTTPServerTransport;
  server: Server;
  endpointId: string;
  /** SHA-256 of the credential the session's last request carried: the sessions to close when it is refused. */
  credentialDigest: string;
  /** What the last check of that credential answered, and when (see RECHECK_MS). */
  endpoint: Endpoint;
  checkedAt: number;
  lastSeen: number;
  /** Requests answered after the initialize: each leaves its answer in the transport until the session closes. */
  requests: number;
  /** Bytes written for the session's answers (headers included), the initialize's too. */
  bytes: number;
  /** What the transport is estimated to keep of those answers: RETAINED_PER_REQUEST each, plus their bytes. */
  retained: number;
  /** POSTs handed to the transport and not yet answered: a recycled session is closed when they are. */
  inFlight: number;
  /** Their responses: a session closed with some in flight answers them itself (the transport never would). */
  open: Set<ServerResponse>;
  /** Why the session is being recycled: it takes no new request, and closes once inFlight is 0. */
  retiring: 'requests' | 'bytes' | 'total' | null;
  closed: boolean;
}

/**
 * Heap the SDK's transport keeps for each answered POST in JSON-response mode besides the answer itself, until its
 * session closes (modelcontextprotocol/typescript-sdk#2559): bench/mcp-call-memory.ts measured 7.0 KiB a call for
 * claim_next answers of 0.1 KiB, and 46.8 KiB for list_todos answers of 39.8 KiB (docs/reliability.md).
 */
export const RETAINED_PER_REQUEST = 7 * 1024;

/**
 * A request on a session, carrying the credential the session's last check accepted less than this long ago, is not
 * checked again: the session stands for the check. A revocation or a rotation with no overlap closes the session at
 * once (NOTIFY) and a refused check closes it too, so this is how long a credential that lapsed silently (the end of
 * a rotation's overlap, an expiry) can still reach the session's SDK server; every tool call's own statement checks
 * the credential again whatever this says, so it can list the tools, never act.
 */
export const RECHECK_MS = 5000;

/** No room to check one more unknown credential within the wait (SWITCHBOARD_MCP_AUTH_CHECKS and its queue). */
class ChecksFull extends Error {}

/** Whether a POST body holds a JSON-RPC request (not only notifications or responses): the SDK keeps those. */
function hasRequest(body: unknown): boolean {
  const one = (m: unknown) => typeof m === 'object' && m !== null && 'method' in m && 'id' in m;
  return Array.isArray(body) ? body.some(one) : one(body);
}

/**
 * Calls done(bytes) once the response is over: the bytes written to its socket for it (headers included; 0 if the
 * client went away first). The socket is HTTP/1.1's, one response at a time, so its count between the request's
 * arrival and the response's finish is this response's (pipelined requests could only make it more, never less).
 * It is the size of what the transport keeps because answers go out uncompressed; a compressing middleware in front
 * would make it an undercount.
 */
function onAnswered(req: IncomingMessage, res: ServerResponse, done: (bytes: number) => void): void {
  const socket = req.socket;
  const before = socket.bytesWritten;
  let bytes = 0;
  res.once('finish', () => (bytes = socket.bytesWritten - before));
  res.once('close', () => done(bytes));
}

/** A JSON-RPC error with no id, as the SDK answers transport-level failures. */
export function rpcError(res: ServerResponse, status: number, code: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Whether a URL's path is /mcp (as Express routes it: any case, an optional trailing slash, any query). */
export function isMcpPath(url: string | undefined): boolean {
  const q = url?.indexOf('?') ?? -1;
  const path = (q < 0 ? url : url!.slice(0, q)) ?? '';
  return /^\/mcp\/?$/i.test(path);
}

export interface McpHttp {
  /** Closes every open MCP session (their streams end). */
  closeAll(): Promise<void>;
  /** Sessions not yet closed, those being recycled included. */
  sessionCount(): number;
  /** What the open sessions are estimated to retain of their answers, in bytes (see RETAINED_PER_REQUEST). */
  retainedBytes(): number;
  /** Sessions recycled so far, by why. */
  recycled: Record<'requests' | 'bytes' | 'total', number>;
  /** Requests answered 429 so far, by the limit that refused them. */
  throttled: Record<Limit, number>;
  /** The per-credential gate (for tests and metrics). */
  gate: CallGate;
  /** The per-credential request rate (for tests). */
  pace: RequestPace;
}

const digest = (credential: string) => createHash('sha256').update(credential).digest('hex');

/** The number of tool calls a POST body carries: a JSON-RPC batch counts call by call. */
function toolCalls(body: unknown): number {
  const one = (m: unknown) => (typeof m === 'object' && m !== null && (m as { method?: unknown }).method === 'tools/call' ? 1 : 0);
  return Array.isArray(body) ? body.reduce((n: number, m) => n + one(m), 0) : one(body);
}

/** The limits that answer 429 on /mcp, as /metrics labels them. */
type Limit = 'request_rate' | 'calls_per_credential' | 'sessions_per_credential' | 'sessions_max' | 'credential_checks';

function refuse(res: Response, message: string, retryAfter: number): void {
  res.setHeader('Retry-After', String(retryAfter));
  rpcError(res, 429, -32000, `throttled: ${message}`);
}

/** The answer to a request whose session closed under it (its client ended it, or it was recycled). */
const sessionGone = (res: ServerResponse) => rpcError(res, 404, -32001, 'Session not found');

/** The answer to a request whose credential was revoked or rotated out while it was in flight. */
function credentialGone(res: ServerResponse): void {
  res.setHeader('WWW-Authenticate', 'Bearer realm="switchboard", error="invalid_token"');
  rpcError(res, 401, -32001, 'Unauthorized: the credential was revoked or rotated out while this request was in flight');
}

export function mountMcp(app: Express, ctx: AppContext): McpHttp {
  const { config } = ctx;
  /** The sessions that take requests. One being recycled is in `retiring` until its answers in flight are sent. */
  const sessions = new Map<string, Session>();
  const retiring = new Set<Session>();
  /** Estimated retained bytes of every session not closed, and of those among them not being recycled. */
  let retainedAll = 0;
  let retainedLive = 0;
  const recycled = { requests: 0, bytes: 0, total: 0 };
  const refusedBy: Record<Limit, number> = {
    request_rate: 0,
    calls_per_credential: 0,
    sessions_per_credential: 0,
    sessions_max: 0,
    credential_checks: 0,
  };
  const throttled = (limit: Limit, res: Response, message: string, retryAfter: number) => {
    refusedBy[limit]++;
    refuse(res, message, retryAfter);
  };
  const limits = {
    requests: config.SWITCHBOARD_MCP_SESSION_MAX_REQUESTS,
    bytes: config.SWITCHBOARD_MCP_SESSION_MAX_BYTES,
    total: config.SWITCHBOARD_MCP_RETAINED_MAX_BYTES,
  };
  /** Open (and opening) sessions per endpoint, for the per-credential cap. */
  const perEndpoint = new Map<string, number>();
  let opening = 0;
  const gate = new CallGate({
    running: config.SWITCHBOARD_MCP_CALLS_PER_CREDENTIAL,
    queued: config.SWITCHBOARD_MCP_QUEUE_PER_CREDENTIAL,
    waitMs: config.SWITCHBOARD_MCP_QUEUE_WAIT_MS,
  });
  const pace = new RequestPace({
    perSecond: config.SWITCHBOARD_MCP_REQUESTS_PER_SECOND,
    burst: config.SWITCHBOARD_MCP_REQUEST_BURST,
    waitMs: config.SWITCHBOARD_MCP_QUEUE_WAIT_MS,
  });
  /** Requests held for their turn under the pace, per endpoint. */
  const held = new Map<string, number>();
  const idleMs = config.SWITCHBOARD_MCP_SESSION_IDLE_SECONDS * 1000;

  const count = (endpointId: string, delta: number) => {
    const n = (perEndpoint.get(endpointId) ?? 0) + delta;
    if (n > 0) perEndpoint.set(endpointId, n);
    else perEndpoint.delete(endpointId);
  };

  /**
   * Closes a session at once, through the SDK's close path (Server.close closes its transport). A request still in
   * flight on it is answered with `answer`: in JSON-response mode a closed transport never settles it, and its
   * client would wait for an answer until it gave up. Whether the call it carried committed is not known here.
   */
  const closeSession = (s: Session, answer: (res: ServerResponse) => void = sessionGone) => {
    if (s.closed) return;
    s.closed = true;
    if (sessions.get(s.id) === s) sessions.delete(s.id);
    retiring.delete(s);
    count(s.endpointId, -1);
    retainedAll -= s.retained;
    if (!s.retiring) retainedLive -= s.retained;
    void s.server
      .close()
      .catch(() => {})
      .finally(() => {
        for (const res of s.open) {
          if (!res.headersSent) answer(res);
          else res.destroy();
        }
        s.open.clear();
      });
  };
  /** Every session not yet closed, for the paths that close them at once (refused credentials, shutdown). */
  const everySession = () => [...sessions.values(), ...retiring];

  /**
   * Recycles a session: it takes no new request from now on (its id is unknown, 404, as for a closed session), and
   * it is closed, giving back what its transport kept, as soon as the answers in flight on it are sent. Closing it
   * with a request in flight would drop that answer: the SDK then never settles a JSON response.
   */
  const retire = (s: Session, why: 'requests' | 'bytes' | 'total') => {
    if (s.retiring || s.closed) return;
    s.retiring = why;
    recycled[why]++;
    retainedLive -= s.retained;
    sessions.delete(s.id);
    retiring.add(s);
    ctx.log.debug({ endpoint_id: s.endpointId, why, requests: s.requests, bytes: s.bytes }, 'mcp: session recycled');
    if (s.inFlight === 0) closeSession(s);
  };

  const keep = (s: Session, bytes: number) => {
    s.retained += bytes;
    retainedAll += bytes;
    if (!s.retiring) retainedLive += bytes;
  };

  /**
   * Past the total, the sessions keeping the most are recycled until the rest keep three quarters of it: the margin
   * keeps one busy session at the edge from costing a sort of every session on each answer.
   */
  const shed = () => {
    if (retainedLive <= limits.total) return;
    const target = limits.total * 0.75;
    let n = 0;
    for (const s of [...sessions.values()].sort((a, b) => b.retained - a.retained)) {
      if (retainedLive <= target) break;
      retire(s, 'total');
      n++;
    }
    ctx.log.warn(
      { recycled: n, retained_bytes: retainedAll },
      'mcp: the sessions kept more of their answers than SWITCHBOARD_MCP_RETAINED_MAX_BYTES; the largest were recycled',
    );
  };

  /** Counts a POST on a session toward its budget; the session is recycled once it has used it. */
  const answering = (s: Session, req: Request, res: Response, request: boolean) => {
    s.inFlight++;
    s.open.add(res);
    if (request) {
      s.requests++;
      keep(s, RETAINED_PER_REQUEST);
    }
    onAnswered(req, res, (bytes) => {
      s.inFlight--;
      s.open.delete(res);
      if (s.closed) return;
      s.lastSeen = Date.now();
      s.bytes += bytes;
      keep(s, bytes);
      if (s.bytes >= limits.bytes) retire(s, 'bytes');
      if (s.retiring && s.inFlight === 0) closeSession(s);
      shed();
    });
    // The request that uses up the budget is answered; the ones after it are not taken.
    if (s.requests >= limits.requests) retire(s, 'requests');
    shed();
  };

  // A client that vanishes without DELETE leaves a session behind; one idle this long is closed. A session with a
  // request in flight (a long poll) is not idle.
  const sweep = setInterval(
    () => {
      const horizon = Date.now() - idleMs;
      for (const s of [...sessions.values()]) if (s.lastSeen < horizon && s.inFlight === 0) closeSession(s);
    },
    Math.max(250, Math.min(60_000, idleMs / 4)),
  );
  sweep.unref();

  // A revoked endpoint, or one whose credential was rotated with no overlap, has its sessions closed as soon as
  // that commits (revoke_endpoint and rotate_credential signal it), not at the next request or idle eviction.
  // A client of a rotated endpoint opens a new session with its new credential. The signal names the endpoint by its
  // opaque tag and is checked (src/signals.ts): any login of the database may NOTIFY, and a forged or replayed one
  // closes nothing.
  const CREDENTIALS_REFUSED = 'switchboard_credentials_refused';
  const refusals = signalsFor(ctx.sql, { maxAgeMs: ctx.config.SWITCHBOARD_SIGNAL_MAX_AGE_SECONDS * 1000 })
    .then((signals) =>
      ctx.sql.listen(CREDENTIALS_REFUSED, (payload) => {
        const tag = signals.open(CREDENTIALS_REFUSED, payload);
        if (tag === null) return;
        for (const s of everySession()) if (signals.endpointTag(s.endpointId) === tag) closeSession(s, credentialGone);
      }),
    )
    .catch((err: unknown) => {
      ctx.log.warn({ err }, 'mcp: not listening for revoked credentials; their sessions close at their next request');
      return null;
    });

  // Requests carrying the same credential while its check is under way share that one check rather than each taking
  // a pool connection for it: a loop of requests on one credential (a flood of initialize) holds at most one
  // connection for authentication, whatever its concurrency. This map keeps nothing once the check answers (a session
  // keeps its own answer for RECHECK_MS): a request arriving after a revocation commits is answered by a check that
  // began at most one check's duration earlier, and its tool calls are refused by the verb's own statement, which
  // checks the credential again.
  //
  // And every check runs in one lane of SWITCHBOARD_MCP_AUTH_CHECKS connections at a time, with a queue behind it: a
  // flood of bearer strings never seen before (each a check of its own, nothing to share) takes at most that share of
  // the pool from the tool calls, and is refused (429) past the queue. Requests on a session whose check is fresh skip
  // the check (RECHECK_MS), so tenants already connected do not queue behind such a flood.
  const checks = new CallGate({
    running: config.SWITCHBOARD_MCP_AUTH_CHECKS,
    queued: config.SWITCHBOARD_MCP_AUTH_QUEUE,
    waitMs: config.SWITCHBOARD_MCP_QUEUE_WAIT_MS,
  });
  const checkInLane = async (credential: string): Promise<Endpoint> => {
    const release = await checks.admit('all', 1);
    if (!release) throw new ChecksFull();
    try {
      return await checks.run('all', () => ctx.ledger.authenticate(credential));
    } finally {
      release();
    }
  };
  const checking = new Map<string, Promise<Endpoint>>();
  const authenticateShared = (credential: string): Promise<Endpoint> => {
    const key = digest(credential);
    let check = checking.get(key);
    if (!check) {
      check = checkInLane(credential).finally(() => checking.delete(key));
      checking.set(key, check);
    }
    return check;
  };

  /**
   * A 401 is sent after SWITCHBOARD_MCP_REFUSAL_DELAY_MS, not at once: a refused caller's loop then makes one try per
   * delay instead of one per round trip, so a flood of guessed or random credentials costs the event loop and the
   * credential checks little, and guessing is slow. A client that hangs up meanwhile is not answered.
   */
  const unauthorized = (res: Response, message: string, error?: string) => {
    const send = () => {
      if (res.destroyed || res.headersSent) return;
      res.setHeader('WWW-Authenticate', `Bearer realm="switchboard"${error ? `, error="${error}"` : ''}`);
      rpcError(res, 401, -32001, `Unauthorized: ${message}`);
    };
    const delay = config.SWITCHBOARD_MCP_REFUSAL_DELAY_MS;
    if (delay === 0) send();
    else setTimeout(send, delay);
  };

  /**
   * Authentication, in front of the SDK's transport: every request carries the endpoint's bearer credential, checked
   * by switchboard_agent.authenticate before anything the request asks for is read or done (or, on a session whose
   * check of that credential is under RECHECK_MS old, taken on that check's word). The credential goes on to the
   * SDK as the request's authInfo, which reaches each tool call as extra.authInfo; the verb's own statement checks
   * it again. A refused credential closes every session it was last used on, at once.
   */
  const authenticate: RequestHandler = async (req, res, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!match) return unauthorized(res, 'send Authorization: Bearer <endpoint credential>');
    const credential = match[1];
    const credentialDigest = digest(credential);
    const id = req.headers['mcp-session-id'];
    const on = typeof id === 'string' ? sessions.get(id) : undefined;
    let endpoint: Endpoint;
    try {
      if (on && !on.closed && on.credentialDigest === credentialDigest && Date.now() - on.checkedAt < RECHECK_MS) {
        endpoint = on.endpoint;
      } else {
        endpoint = await authenticateShared(credential);
        res.locals.checkedAt = Date.now();
      }
    } catch (err) {
      if (err instanceof ChecksFull) {
        return throttled(
          'credential_checks',
          res,
          `the server is checking as many credentials as it may at once (SWITCHBOARD_MCP_AUTH_CHECKS ` +
            `${checks.limits.running}, SWITCHBOARD_MCP_AUTH_QUEUE ${checks.limits.queued}); retry shortly`,
          1,
        );
      }
      if ((err as { code?: string }).code !== 'SB403') {
        ctx.log.error({ err }, 'authentication failed');
        return rpcError(res, 503, -32603, 'Service unavailable');
      }
      for (const s of everySession()) if (s.credentialDigest === credentialDigest) closeSession(s, credentialGone);
      return unauthorized(res, 'unknown or revoked credential', 'invalid_token');
    }
    // Aborted when the client goes away before its answer is sent: every tool call of this request (a batch's too)
    // sees it beside the SDK's own signal, so a long poll whose caller hung up stops waiting at once.
    const hangup = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) hangup.abort();
    });
    const auth: AuthInfo = {
      token: credential,
      clientId: endpoint.endpoint_id,
      scopes: endpoint.verbs,
      extra: { endpoint, hangup: hangup.signal },
    };
    (req as Request & { auth?: AuthInfo }).auth = auth;
    res.locals.endpoint = endpoint;
    res.locals.credentialDigest = credentialDigest;
    next();
  };

  /**
   * The credential's request rate, after authentication (so the key is the endpoint, whatever credential of it was
   * presented) and after the body is read (a JSON-RPC batch costs one per message). A request past the rate is held
   * until its turn rather than refused at once: a refusal answered at once is as cheap as the loop that sends the
   * next one, so instant 429s would leave a hostile loop's cost on the event loop where it was.
   */
  const paced: RequestHandler = (req, res, next) => {
    const key = (res.locals.endpoint as Endpoint).endpoint_id;
    const cost = Array.isArray(req.body) ? Math.max(1, req.body.length) : 1;
    // A held request keeps its connection, and connections are shared by every tenant (SWITCHBOARD_MAX_CONNECTIONS):
    // one credential holds at most as many as it may queue calls; past that it is refused at once, taking no turn.
    const turn = pace.take(key, cost, (held.get(key) ?? 0) < config.SWITCHBOARD_MCP_QUEUE_PER_CREDENTIAL);
    if ('refused' in turn) {
      return throttled(
        'request_rate',
        res,
        `this credential is making requests faster than it may (SWITCHBOARD_MCP_REQUESTS_PER_SECOND ` +
          `${pace.limits.perSecond}, SWITCHBOARD_MCP_REQUEST_BURST ${pace.limits.burst}); retry after the Retry-After seconds`,
        Math.max(1, Math.ceil(turn.retryAfterMs / 1000)),
      );
    }
    if (turn.waitMs === 0) return next();
    held.set(key, (held.get(key) ?? 0) + 1);
    let gone = false;
    const hungUp = () => (gone = true);
    res.once('close', hungUp);
    setTimeout(() => {
      const n = (held.get(key) ?? 1) - 1;
      if (n > 0) held.set(key, n);
      else held.delete(key);
      res.off('close', hungUp);
      if (!gone) next();
    }, turn.waitMs);
  };

  /** The request's session, or null after answering 400/404. Another endpoint's session looks like an unknown one. */
  const sessionOf = (req: Request, res: Response): Session | null => {
    const id = req.headers['mcp-session-id'];
    if (id === undefined) {
      rpcError(res, 400, -32000, 'Bad Request: no Mcp-Session-Id header; initialize first');
      return null;
    }
    const s = sessions.get(String(id));
    if (!s || s.endpointId !== (res.locals.endpoint as Endpoint).endpoint_id) {
      rpcError(res, 404, -32001, 'Session not found');
      return null;
    }
    s.lastSeen = Date.now();
    s.credentialDigest = res.locals.credentialDigest as string;
    if (res.locals.checkedAt !== undefined) {
      s.endpoint = res.locals.endpoint as Endpoint;
      s.checkedAt = res.locals.checkedAt as number;
    }
    return s;
  };

  /** A new session for the endpoint the credential names, within the per-credential and overall caps. */
  const initialize = async (req: Request, res: Response, endpoint: Endpoint) => {
    const mine = perEndpoint.get(endpoint.endpoint_id) ?? 0;
    if (mine >= config.SWITCHBOARD_MCP_SESSIONS_PER_CREDENTIAL) {
      return throttled(
        'sessions_per_credential',
        res,
        `this credential has ${mine} open MCP sessions, the most allowed (SWITCHBOARD_MCP_SESSIONS_PER_CREDENTIAL); ` +
          'end one with DELETE /mcp or reuse it',
        60,
      );
    }
    if (sessions.size + retiring.size + opening >= config.SWITCHBOARD_MCP_SESSIONS_MAX) {
      return throttled('sessions_max', res, 'the server has as many open MCP sessions as it allows (SWITCHBOARD_MCP_SESSIONS_MAX)', 60);
    }
    count(endpoint.endpoint_id, 1);
    opening++;
    const server = createMcpServer({ ...ctx, endpoint, gate });
    let session: Session | undefined;
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      // A request is answered as one JSON document, not an SSE stream: the tools send nothing before their result,
      // and a client whose server dies mid-call sees the connection fail at once instead of waiting on a stream
      // it cannot resume. Server-to-client messages still go on the session's GET stream.
      enableJsonResponse: true,
      onsessioninitialized: (id) => {
        session = {
          id,
          transport,
          server,
          endpointId: endpoint.endpoint_id,
          credentialDigest: res.locals.credentialDigest as string,
          endpoint,
          checkedAt: (res.locals.checkedAt as number | undefined) ?? Date.now(),
          lastSeen: Date.now(),
          requests: 0,
          bytes: 0,
          retained: 0,
          inFlight: 0,
          open: new Set(),
          retiring: null,
          closed: false,
        };
        sessions.set(id, session);
        // What the client said it is, cut short: it is the caller's text, as large as the body allows.
        const params = (req.body as { params?: { clientInfo?: { name?: unknown; version?: unknown }; protocolVersion?: unknown } }).params;
        const short = (v: unknown) => String(v).slice(0, 100);
        ctx.log.debug(
          {
            endpoint_id: endpoint.endpoint_id,
            client: `${short(params?.clientInfo?.name)}/${short(params?.clientInfo?.version)}`,
            protocol_version: short(params?.protocolVersion),
          },
          'mcp: session opened',
        );
        // The initialize's answer is kept like any other, but does not count as one of the session's requests.
        keep(session, RETAINED_PER_REQUEST);
      },
    });
    transport.onclose = () => {
      if (session) closeSession(session);
    };
    onAnswered(req, res, (bytes) => {
      if (!session || session.closed) return;
      session.bytes += bytes;
      keep(session, bytes);
      shed();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } finally {
      opening--;
      // An initialize the SDK refused opened no session.
      if (!session) {
        count(endpoint.endpoint_id, -1);
        void server.close().catch(() => {});
      }
    }
  };

  const post: RequestHandler = async (req, res) => {
    const endpoint = res.locals.endpoint as Endpoint;
    if (req.headers['mcp-session-id'] === undefined && isInitializeRequest(req.body)) return initialize(req, res, endpoint);
    const s = sessionOf(req, res);
    if (!s) return;
    const calls = toolCalls(req.body);
    if (calls > 0) {
      const release = await gate.admit(endpoint.endpoint_id, calls);
      if (!release) {
        return throttled(
          'calls_per_credential',
          res,
          `this credential has as many tool calls running and queued as it may (SWITCHBOARD_MCP_CALLS_PER_CREDENTIAL ` +
            `${gate.limits.running}, SWITCHBOARD_MCP_QUEUE_PER_CREDENTIAL ${gate.limits.queued}); retry shortly`,
          1,
        );
      }
      res.once('close', release);
    }
    // Recycled (or closed) while this request waited for its turn: it is refused as the next request of a closed
    // session is, before the transport sees it, so the client knows it was not run.
    if (s.retiring || s.closed) return rpcError(res, 404, -32001, 'Session not found');
    answering(s, req, res, hasRequest(req.body));
    await s.transport.handleRequest(req, res, req.body);
  };

  const existing: RequestHandler = async (req, res) => {
    const s = sessionOf(req, res);
    if (s) await s.transport.handleRequest(req, res);
  };

  // A body that is not JSON, or too large, is answered as JSON-RPC, never with an HTML page. A body whose content
  // type is not JSON is left unread here, for the SDK to answer 415.
  const bodyErrors: ErrorRequestHandler = (err: { status?: unknown; type?: unknown }, _req, res, next) => {
    if (res.headersSent) return next(err);
    const status = typeof err.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 400;
    const message =
      status === 413 ? 'Request body too large' : status === 415 ? `Parse error: ${String(err.type ?? 'unsupported body')}` : 'Parse error';
    rpcError(res, status, -32700, message);
  };
  const failed: ErrorRequestHandler = (err, _req, res, _next) => {
    ctx.log.error({ err }, 'mcp request failed');
    if (!res.headersSent) rpcError(res, 500, -32603, 'Internal error');
    else res.end();
  };

  const router = express.Router({ caseSensitive: false, strict: false });
  router.post('/mcp', authenticate, express.json({ limit: '2mb' }), bodyErrors, paced, post);
  router.get('/mcp', authenticate, paced, existing);
  router.delete('/mcp', authenticate, paced, existing);
  router.use('/mcp', failed);
  app.use(router);

  return {
    async closeAll() {
      clearInterval(sweep);
      await (await refusals)?.unlisten().catch(() => {});
      const all = everySession();
      for (const s of all) closeSession(s, (res) => rpcError(res, 503, -32603, 'Service unavailable: the server is shutting down'));
      await Promise.allSettled(all.map((s) => s.server.close()));
    },
    sessionCount: () => sessions.size + retiring.size,
    retainedBytes: () => retainedAll,
    recycled,
    throttled: refusedBy,
    gate,
    pace,
  };
}
