// /a2a (A2A v1.0 JSON-RPC, and v0.3 through the SDK's legacyCompat) and the agent card at
// /.well-known/agent-card.json, behind the front door: the door authenticates and paces the caller, reads the body
// (our limit, JSON errors, before the SDK's own 100 KB parser ever runs), admits its database work, and a stream takes
// a follower slot; then the SDK's JSON-RPC handler runs our SwitchboardA2a.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { AgentCard } from '@a2a-js/sdk';
import { jsonRpcHandler } from '@a2a-js/sdk/server/express';
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Response } from 'express';
import type { AppContext } from '../context.js';
import { authenticate, authenticated } from '../http/authenticate.js';
import { bearerToken } from '../http/bearer.js';
import { jsonBody } from '../http/body.js';
import type { FrontDoor } from '../http/door.js';
import { endpointCredentials } from '../http/endpoint-credentials.js';
import { gone, jsonRpcRefusals } from '../http/refusals.js';
import { paced } from '../http/request-rate.js';
import { perAddress } from '../http/source-share.js';
import { streamTenant } from '../http/stream-budget.js';
import type { Endpoint } from '../ledger.js';
import { wantsA2ui } from './a2ui.js';
import { agentCard, legacyAgentCard } from './card.js';
import { a2aDoor, type Caller, rpcRefusal } from './door.js';
import { Followers } from './followers.js';
import { Requester, SwitchboardA2a } from './handler.js';

/** How long a client may keep the agent card without asking again (it changes only with a new version). */
const CARD_MAX_AGE_SECONDS = 300;

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 §13.1.2 asks), or is `*`. */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** The methods that answer with an SSE stream, in both protocol versions: each holds a follower slot. */
const STREAMING = new Set(['SendStreamingMessage', 'SubscribeToTask', 'message/stream', 'tasks/resubscribe']);

export interface A2aHttp {
  followers: Followers;
  /** Ends every stream and stops listening (server shutdown). */
  close(): Promise<void>;
}

export function mountA2a(app: Express, ctx: AppContext & { door: FrontDoor }): A2aHttp {
  const { config, door } = ctx;
  // A 401's JSON-RPC code is -32000: A2A gives -32001 to TaskNotFound.
  const refusals = jsonRpcRefusals('switchboard', -32000);
  const credentials = endpointCredentials(ctx);
  const endpointOf = (res: Response) => authenticated<Endpoint>(res).principal.endpoint_id;
  const followers = new Followers(ctx.sql, ctx.log, {
    perCredential: config.SWITCHBOARD_A2A_STREAMS_PER_CREDENTIAL,
    max: config.SWITCHBOARD_A2A_STREAMS_MAX,
  });
  const handler = new SwitchboardA2a(ctx, a2aDoor(door), followers);
  const requesters = new WeakMap<Request, Requester>();
  const rpc = jsonRpcHandler({
    requestHandler: handler,
    userBuilder: async (req) => requesters.get(req)!,
    legacyCompat: { enabled: true },
  });

  // The card is public. Its URLs are absolute: SWITCHBOARD_PUBLIC_URL, else the Host the client reached us by.
  app.use('/.well-known/agent-card.json', (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const base = config.SWITCHBOARD_PUBLIC_URL ?? `http://${req.headers.host ?? 'localhost'}`;
    const card = agentCard(base);
    const version = req.header('A2A-Version') || '0.3';
    // A v0.3 client (or one that names no version) gets the v0.3 shape; the v1.0 card goes through the SDK's own
    // codec (the card object holds oneof shapes, $case, that are not its JSON).
    const body = JSON.stringify(version.startsWith('0.') ? legacyAgentCard(card) : AgentCard.toJSON(card));
    // Cacheable: a max-age and a strong ETag of the body; a matching If-None-Match is answered 304. Checked here, not
    // with Express's req.fresh, which ignores If-None-Match beside `Cache-Control: no-cache`, and fetch() sends both.
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    res.setHeader('Cache-Control', `public, max-age=${CARD_MAX_AGE_SECONDS}`);
    res.setHeader('ETag', etag);
    res.append('Vary', 'A2A-Version');
    if (noneMatch(req.headers['if-none-match'], etag)) return void res.status(304).end();
    res.type('application/json').send(body);
  });

  // After the door's checks (as /mcp: the address's share, the credential, its rate, the body within our limit and
  // the bytes in flight): a stream takes a follower slot, the request its share of the pool's calls, and the SDK's
  // JSON-RPC handler runs SwitchboardA2a with the per-request user.
  const answer: RequestHandler = async (req, res, next) => {
    if (gone(res)) return;
    const { secret, digest, principal: endpoint } = authenticated<Endpoint>(res);
    const caller: Caller = { credential: secret, digest, endpoint };
    const body = req.body as { method?: unknown; params?: { message?: { metadata?: unknown } } } | undefined;
    let releaseStream: (() => void) | null = null;
    if (typeof body?.method === 'string' && STREAMING.has(body.method)) {
      // The door's stream budgets first (per endpoint, per team or owner, in all below the connection reserve), then
      // a follower slot (refused only while the server stops).
      const slot = door.streams.take(endpoint.endpoint_id, streamTenant(endpoint));
      if ('refused' in slot) {
        const { perEndpoint, perTenant, total } = door.streams.limits;
        const message = {
          streams_per_endpoint: `this credential has ${perEndpoint} streams open, the most allowed (SWITCHBOARD_A2A_STREAMS_PER_CREDENTIAL); close one or poll GetTask`,
          streams_per_tenant: `this team's (or owner's) endpoints have ${perTenant} streams open, the most allowed (SWITCHBOARD_HTTP_STREAMS_PER_TENANT); close one or poll GetTask`,
          streams_total: `the server has ${total} streams open, as many as it allows (SWITCHBOARD_A2A_STREAMS_MAX, SWITCHBOARD_HTTP_CONNECTION_RESERVE); retry later or poll GetTask`,
        }[slot.refused];
        return door.refuse(slot.refused, refusals, res, message, slot.refused === 'streams_per_endpoint' ? 5 : 30);
      }
      const follower = followers.open(endpoint.endpoint_id);
      if (!follower) {
        slot.release();
        return door.refuse('streams_total', refusals, res, 'the server is stopping; retry later', 30);
      }
      releaseStream = () => {
        follower();
        slot.release();
      };
    }
    const admitted = await door.calls.admit(endpoint.endpoint_id, 1);
    if (!admitted) {
      releaseStream?.();
      const { running, queued } = door.calls.limits;
      return door.refuse(
        'calls_per_credential',
        refusals,
        res,
        `this credential has as many calls running and queued as it may (SWITCHBOARD_HTTP_CALLS_PER_CREDENTIAL ${running}, ` +
          `SWITCHBOARD_HTTP_QUEUE_PER_CREDENTIAL ${queued}); retry shortly`,
        1,
      );
    }
    if (gone(res)) {
      admitted();
      releaseStream?.();
      return;
    }
    // The hang-up: fired on the response's close, so a stream whose client went away ends (and frees its slot) at
    // once instead of at its task's next change.
    const hangup = new AbortController();
    const keepAlive = setInterval(() => writeKeepAlive(res), config.SWITCHBOARD_A2A_KEEPALIVE_SECONDS * 1000);
    res.once('close', () => {
      clearInterval(keepAlive);
      hangup.abort();
      admitted();
      releaseStream?.();
    });
    // A call whose statement refused the credential itself (revoked since the door's check, say): the door forgets
    // it, and the answer the SDK writes for this request goes out as 401 with WWW-Authenticate, its JSON-RPC error
    // body unchanged. An SSE stream already under way cannot change its status: it ends with that error instead.
    let refused = false;
    answerRefusedAs401(res, () => refused);
    const requester = new Requester(caller, hangup.signal, wantsA2ui(req.headers, body?.params?.message?.metadata), () => {
      refused = true;
      credentials.drop(digest);
    });
    requesters.set(req, requester);
    rpc(req, res, next);
  };
  const notPost: RequestHandler = (_req, res) => {
    res.setHeader('Allow', 'POST');
    rpcRefusal(res, 405, -32600, 'Method not allowed: POST a JSON-RPC request to /a2a');
  };
  const router = express.Router({ caseSensitive: false, strict: false });
  // Mounted at /a2a, so the SDK's own router (which routes '/') sees the path it expects.
  router.post(
    '/',
    perAddress(door, refusals),
    authenticate(door, {
      read: bearerToken,
      cache: credentials,
      refusals,
      missing: 'send Authorization: Bearer <endpoint credential>',
      refused: 'unknown or revoked credential',
    }),
    paced(door, refusals, endpointOf),
    // The SDK's own parser caps at 100 KB and answers an oversize body with an HTML page: ours reads it first, with
    // our limit and JSON errors, whatever the content type.
    ...jsonBody(door, refusals, config.SWITCHBOARD_A2A_MAX_BODY_BYTES, 'SWITCHBOARD_A2A_MAX_BODY_BYTES', () => true),
    answer,
  );
  router.all('/', notPost);
  app.use('/a2a', router);

  // Anything that escaped: JSON-RPC -32603, the detail only in the log; never Express's HTML page or a stack.
  const failed: ErrorRequestHandler = (err, _req, res, _next) => {
    ctx.log.error({ err }, 'a2a request failed');
    if (!res.headersSent) rpcRefusal(res, 500, -32603, 'internal error');
    else res.end();
  };
  app.use('/a2a', failed);

  return {
    followers,
    async close() {
      await followers.close();
    },
  };
}

/**
 * Makes the response's status 401, with `WWW-Authenticate: Bearer realm="switchboard", error="invalid_token"`, when
 * `refused()` says so as its head is written (the SDK writes the head itself, after the call has run).
 */
function answerRefusedAs401(res: ServerResponse, refused: () => boolean): void {
  const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
  (res as { writeHead: (...args: unknown[]) => ServerResponse }).writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (refused()) {
      args[0] = 401;
      if (typeof args[1] === 'string') args.splice(1, 1); // a reason phrase belongs to the status it came with
      this.setHeader('WWW-Authenticate', 'Bearer realm="switchboard", error="invalid_token"');
    }
    return writeHead.apply(this, args);
  };
}

/** An SSE comment on a stream that is open: Node's fetch drops a body silent for ~300 s. */
function writeKeepAlive(res: ServerResponse): void {
  if (!res.headersSent || res.writableEnded || res.destroyed) return;
  if (!String(res.getHeader('content-type') ?? '').startsWith('text/event-stream')) return;
  res.write(': keep-alive\n\n');
}
