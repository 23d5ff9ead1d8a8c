// Streamable HTTP at /mcp, stateless: every POST gets a Server and a transport of its own (the SDK's documented
// stateless mode, over our JsonResponseTransport: one JSON document per POST), so nothing of a client outlives its
// request and any server instance on the database answers any request. A POST whose tool call the database answered
// "credential refused" is answered 401 instead of its JSON answer. In front of them, the front door (src/http/): the
// client address's share, the credential check, the credential's request rate, the body within the bytes in
// flight, a fresh check where the database would not check again, and the credential's call gate.
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Response } from 'express';
import type { AppContext } from '../context.js';
import { authenticate, authenticated } from '../http/authenticate.js';
import { bearerToken } from '../http/bearer.js';
import { jsonBody } from '../http/body.js';
import { admitCalls } from '../http/call-gate.js';
import type { CredentialCache } from '../http/credentials.js';
import type { FrontDoor } from '../http/door.js';
import { endpointCredentials } from '../http/endpoint-credentials.js';
import { gone, jsonRpcError, jsonRpcRefusals } from '../http/refusals.js';
import { paced } from '../http/request-rate.js';
import { perAddress } from '../http/source-share.js';
import type { Endpoint } from '../ledger.js';
import { isInitialize, JsonResponseTransport, readMessages, writeAnswer } from './json-transport.js';
import { createMcpServer } from './server.js';
import { loadSessionIds, type SessionIds } from './session-id.js';

const messages = (body: unknown): unknown[] => (Array.isArray(body) ? body : [body]);
const method = (m: unknown) => (typeof m === 'object' && m !== null ? (m as { method?: unknown }).method : undefined);

/** The number of tool calls a POST body carries: a JSON-RPC batch counts call by call. */
function toolCalls(body: unknown): number {
  return messages(body).filter((m) => method(m) === 'tools/call').length;
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

export interface McpHttp {
  /** The endpoint credentials the door has checked (for tests). */
  credentials: CredentialCache<Endpoint>;
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
  const endpointOf = (res: Response) => authenticated<Endpoint>(res).principal.endpoint_id;
  // Read once, at mount; if it cannot be, initialize answers carry no session id and none is recorded.
  const sessionKey = loadSessionIds(ctx.sql).catch((err: unknown) => {
    ctx.log.warn({ err }, 'mcp: the session key could not be read; initialize answers carry no session id');
    return null;
  });

  /**
   * The MCP session id of the request: on an initialize, a new one, sent in the Mcp-Session-Id header (the client
   * sends it back on every later request); later, the one the client sent, when it verifies for this endpoint.
   */
  const sessionOf = (sessionIds: SessionIds | null, req: Request, res: Response, endpoint: Endpoint): string | undefined => {
    if (!sessionIds) return undefined;
    if (isInitialize(req.body)) {
      res.setHeader('Mcp-Session-Id', sessionIds.issue(endpoint.endpoint_id));
      return undefined;
    }
    const id = req.headers['mcp-session-id'];
    return typeof id === 'string' && sessionIds.verify(id, endpoint.endpoint_id) ? id : undefined;
  };

  const check = {
    read: bearerToken,
    cache: credentials,
    refusals,
    missing: 'send Authorization: Bearer <endpoint credential>',
    refused: 'unknown or revoked credential',
  };
  const checked = authenticate(door, check);
  const checkedNow = authenticate(door, { ...check, fresh: true });
  // After the body is read: a request the database would not check again, whose check came from the cache, is
  // checked again now.
  const checkAgain: RequestHandler = (req, res, next) =>
    authenticated<Endpoint>(res).asked || checkedByItsCalls(req.body) ? next() : checkedNow(req, res, next);

  const answer: RequestHandler = async (req, res) => {
    // The client went away while its request waited its turn (a check, the rate, the gate): nothing is run for it.
    if (gone(res)) return;
    const { secret, digest, principal: endpoint } = authenticated<Endpoint>(res);
    // Aborted when the client goes away before its answer is sent: a long poll whose caller hung up stops at once.
    const hangup = new AbortController();
    const messages = readMessages(req, res, req.body);
    if (!messages) return;
    const server = createMcpServer({ ...ctx, endpoint });
    // A request is answered as one JSON document, not an SSE stream: the tools send nothing before their result.
    const transport = new JsonResponseTransport();
    // Neither is closed: nothing of theirs outlives the request (no timer, no stream, no registration), and closing
    // builds the SDK's "Connection closed" error for nobody; both are garbage once the answer is written.
    res.once('close', () => {
      if (!res.writableFinished) hangup.abort();
    });
    // Set when a call's statement refused the credential itself: the POST is answered 401, whatever else it held.
    let refused = false;
    const auth: AuthInfo = {
      token: secret,
      clientId: endpoint.endpoint_id,
      scopes: endpoint.verbs,
      extra: { endpoint, hangup: hangup.signal, sessionId: sessionOf(await sessionKey, req, res, endpoint), refused: () => {
        refused = true;
        credentials.drop(digest);
      } },
    };
    await server.connect(transport);
    const answer = await transport.handle(messages, auth);
    if (gone(res)) return;
    if (refused) return refusals.unauthorized(res, check.refused, 'invalid_token');
    writeAnswer(res, answer);
  };

  const failed: ErrorRequestHandler = (err, _req, res, _next) => {
    ctx.log.error({ err }, 'mcp request failed');
    if (!res.headersSent) jsonRpcError(res, 500, -32603, 'Internal error');
    else res.end();
  };

  const router = express.Router({ caseSensitive: false, strict: false });
  router.post(
    '/mcp',
    perAddress(door, refusals),
    checked,
    paced(door, refusals, endpointOf),
    ...jsonBody(door, refusals, config.SWITCHBOARD_HTTP_MAX_BODY_BYTES, 'SWITCHBOARD_HTTP_MAX_BODY_BYTES'),
    checkAgain,
    admitCalls(door, refusals, endpointOf, (req) => toolCalls(req.body)),
    answer,
  );
  router.get('/mcp', notAllowed('this server keeps no event stream; POST each request'));
  router.delete('/mcp', notAllowed('this server keeps no session to end'));
  router.use('/mcp', failed);
  app.use(router);
  return { credentials };
}
