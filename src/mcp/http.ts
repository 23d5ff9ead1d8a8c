// Streamable HTTP at /mcp, stateless: one SDK Server for the process, connected to our JsonResponseTransport, which
// hands it each POST's messages (each request's endpoint in its authInfo) and answers the POST with one JSON document
// (a plain tools/call, whose answer through the SDK is known in advance, is run by the transport itself: directToolCall);
// nothing of a client outlives its request, and any server instance on the database answers any request. A POST whose tool call the database answered
// "credential refused" is answered 401 instead of its JSON answer. A POST is served on node:http directly, without
// Express (its router and body parser were a tenth of the server's CPU per call); GET and DELETE (405) stay on the
// Express app. In front, the front door's steps (src/http/), in the order they were middlewares: the client
// address's share, the credential check, the credential's request rate, the body within the limit and the bytes in
// flight, a fresh check where the database would not check again, and the credential's call gate.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { ErrorRequestHandler, Express, RequestHandler } from 'express';
import express from 'express';
import type { AppContext } from '../context.js';
import { requestAddress } from '../http/address.js';
import { type Authenticated, checkCredential } from '../http/authenticate.js';
import { bearerToken } from '../http/bearer.js';
import { jsonBodyReader } from '../http/body.js';
import { onClose } from '../http/on-close.js';
import { admitFor } from '../http/call-gate.js';
import type { CredentialCache } from '../http/credentials.js';
import type { FrontDoor } from '../http/door.js';
import { endpointCredentials } from '../http/endpoint-credentials.js';
import { gone, jsonRpcError, jsonRpcRefusals } from '../http/refusals.js';
import { pace } from '../http/request-rate.js';
import { enterAddress } from '../http/source-share.js';
import type { Endpoint } from '../ledger.js';
import { isInitialize, JsonResponseTransport, readMessages, writeAnswer } from './json-transport.js';
import { createMcpServer, directToolCall } from './server.js';
import { loadSessionIds, type SessionIds } from './session-id.js';

const messages = (body: unknown): unknown[] => (Array.isArray(body) ? body : [body]);
const method = (m: unknown) => (typeof m === 'object' && m !== null ? (m as { method?: unknown }).method : undefined);

/** The number of tool calls a POST body carries: a JSON-RPC batch counts call by call. */
function toolCalls(body: unknown): number {
  if (!Array.isArray(body)) return method(body) === 'tools/call' ? 1 : 0;
  return body.filter((m) => method(m) === 'tools/call').length;
}

/**
 * Whether the database checks the request's credential again anyway: each tool call's statement does (the verb
 * resolves the credential itself). Anything else (initialize, tools/list, ping, notifications) touches no
 * statement that would, so its credential is checked afresh rather than taken from the cache: a credential revoked
 * a moment ago is refused by the database, not by whether a notice has arrived.
 */
const checkedByItsCalls = (body: unknown): boolean => {
  const all = messages(body);
  return all.length > 0 && all.every((m) => method(m) === 'tools/call');
};

/** The path is /mcp (any case, a trailing slash and a query allowed), as the Express route matched it. */
export function isMcpPath(url: string | undefined): boolean {
  if (url === undefined) return false;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return (path.length === 4 || (path.length === 5 && path[4] === '/')) && path.slice(0, 4).toLowerCase() === '/mcp';
}

export interface McpHttp {
  /** The endpoint credentials the door has checked (for tests). */
  credentials: CredentialCache<Endpoint>;
  /** Serves a POST to /mcp on node:http; false when the request is not one (the Express app serves it). */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
}

/** 405 with a JSON-RPC error: a stateless server has no stream to open (GET) and no session to end (DELETE). */
const notAllowed =
  (what: string): RequestHandler =>
  (_req, res) => {
    res.setHeader('Allow', 'POST');
    jsonRpcError(res, 405, -32000, `Method not allowed: ${what}`);
  };

export function mountMcp(app: Express, ctx: AppContext & { door: FrontDoor }): McpHttp {
  const { door, config } = ctx;
  const refusals = jsonRpcRefusals();
  const credentials = endpointCredentials(ctx);
  const trustProxy = config.SWITCHBOARD_TRUST_PROXY;
  // Read once, at mount; if it cannot be, initialize answers carry no session id and none is recorded.
  let sessionIds: SessionIds | null = null;
  const sessionKey = loadSessionIds(ctx.sql).then(
    (ids) => (sessionIds = ids),
    (err: unknown) => {
      ctx.log.warn({ err }, 'mcp: the session key could not be read; initialize answers carry no session id');
      return null;
    },
  );

  /**
   * The MCP session id of the request: on an initialize, a new one, sent in the Mcp-Session-Id header (the client
   * sends it back on every later request); later, the one the client sent, when it verifies for this endpoint.
   */
  const sessionOf = (ids: SessionIds | null, req: IncomingMessage, res: ServerResponse, body: unknown, endpoint: Endpoint) => {
    if (!ids) return undefined;
    if (isInitialize(body)) {
      res.setHeader('Mcp-Session-Id', ids.issue(endpoint.endpoint_id));
      return undefined;
    }
    const id = req.headers['mcp-session-id'];
    return typeof id === 'string' && ids.verify(id, endpoint.endpoint_id) ? id : undefined;
  };

  const check = {
    read: bearerToken,
    cache: credentials,
    refusals,
    missing: 'send Authorization: Bearer <endpoint credential>',
    refused: 'unknown or revoked credential',
  };
  const checkNow = { ...check, fresh: true };
  // One server for every request (its handlers take the endpoint from the request's authInfo), on one transport that
  // keeps nothing of a POST once it is answered; neither is ever closed.
  const server = createMcpServer(ctx);
  const transport = new JsonResponseTransport(directToolCall(ctx));
  let ready = false;
  const connected = server.connect(transport).then(() => {
    ready = true;
  });
  const readBody = jsonBodyReader(door, refusals, config.SWITCHBOARD_HTTP_MAX_BODY_BYTES, 'SWITCHBOARD_HTTP_MAX_BODY_BYTES');

  /** The front door's steps, then the answer; returns when the request is answered or refused. */
  const post = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!enterAddress(door, refusals, res, requestAddress(req, trustProxy))) return;
    let who: Authenticated<Endpoint> | null | undefined = await checkCredential(door, check, req, res);
    if (!who) return;
    if (!(await pace(door, refusals, req, res, who.principal.endpoint_id))) return;
    const read = await readBody(req, res);
    if (!read) return;
    const body = read.body;
    // A request the database would not check again, whose check came from the cache, is checked again now.
    if (!who.asked && !checkedByItsCalls(body)) {
      who = await checkCredential(door, checkNow, req, res);
      if (!who) return;
    }
    const { secret, digest, principal: endpoint } = who;
    if (!(await admitFor(door, refusals, res, endpoint.endpoint_id, toolCalls(body)))) return;
    if (!ready) await connected;
    // The client went away while its request waited its turn (a check, the rate, the gate): nothing is run for it.
    if (gone(res)) return;
    const messages = readMessages(req, res, body);
    if (!messages) return;
    // Set when a call's statement refused the credential itself: the POST is answered 401, whatever else it held.
    let refused = false;
    const auth: AuthInfo = {
      token: secret,
      clientId: endpoint.endpoint_id,
      scopes: endpoint.verbs,
      extra: {
        endpoint,
        sessionId: sessionOf(sessionIds ?? (await sessionKey), req, res, body, endpoint),
        refused: () => {
          refused = true;
          credentials.drop(digest);
        },
      },
    };
    // A request is answered as one JSON document, not an SSE stream: the tools send nothing before their result.
    const { answer, cancel } = transport.handle(messages, auth);
    // Cancelled when the client goes away before its answer is sent: a long poll whose caller hung up stops at once.
    onClose(res, () => {
      if (!res.writableFinished) cancel();
    });
    const doc = await answer;
    if (gone(res)) return;
    if (refused) return refusals.unauthorized(res, check.refused, 'invalid_token');
    writeAnswer(res, doc);
  };

  const failed = (err: unknown, res: ServerResponse) => {
    ctx.log.error({ err }, 'mcp request failed');
    if (!res.headersSent) jsonRpcError(res, 500, -32603, 'Internal error');
    else res.end();
  };

  const serve = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'POST' || !isMcpPath(req.url)) return false;
    post(req, res).catch((err: unknown) => failed(err, res));
    return true;
  };

  const router = express.Router({ caseSensitive: false, strict: false });
  router.get('/mcp', notAllowed('this server keeps no event stream; POST each request'));
  router.delete('/mcp', notAllowed('this server keeps no session to end'));
  const failedRoute: ErrorRequestHandler = (err, _req, res, _next) => failed(err, res);
  router.use('/mcp', failedRoute);
  app.use(router);
  return { credentials, serve };
}
