// How a surface says no: each surface answers refusals in its own format (JSON-RPC for /mcp and /a2a, a page for the
// Board); the front door's middlewares decide when to refuse and call these.
import type { ServerResponse } from 'node:http';
import type { Response } from 'express';

/** `R`: the response the surface answers on (Express's, or node:http's for /mcp, which is served without Express). */
export interface Refusals<R extends ServerResponse = Response> {
  /** 401: no credential, or one the database refused. `error` is RFC 6750's error code for WWW-Authenticate. */
  unauthorized(res: R, message: string, error?: 'invalid_token'): void;
  /** 429: a limit refused the request; `message` names the setting; Retry-After is set by the door. */
  throttled(res: R, message: string): void;
  /** 4xx: a body too large (413) or not readable as JSON (400, 415). */
  badBody(res: R, status: number, message: string): void;
  /** 503: the credential could not be checked (the database did not answer). */
  unavailable(res: R): void;
}

/**
 * Whether the client has gone (its connection closed) while its request waited its turn: nothing is run for it,
 * and a handler that registers on the response's 'close' from now on would never hear it.
 */
export function gone(res: ServerResponse): boolean {
  return res.destroyed || res.socket === null || res.socket.destroyed;
}

/** A JSON-RPC error with no id, as the MCP SDK answers transport-level failures. */
export function jsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Refusals as JSON-RPC errors: what /mcp answers, and /a2a (JSON-RPC 2.0 too). A 401's error code is
 * `unauthorizedCode`: -32001 on /mcp; /a2a passes -32000, since -32001 is A2A's TaskNotFound.
 */
export function jsonRpcRefusals(realm = 'switchboard', unauthorizedCode = -32001): Refusals<ServerResponse> {
  return {
    unauthorized(res, message, error) {
      res.setHeader('WWW-Authenticate', `Bearer realm="${realm}"${error ? `, error="${error}"` : ''}`);
      jsonRpcError(res, 401, unauthorizedCode, `Unauthorized: ${message}`);
    },
    throttled: (res, message) => jsonRpcError(res, 429, -32000, `throttled: ${message}`),
    badBody: (res, status, message) => jsonRpcError(res, status, -32700, message),
    unavailable: (res) => jsonRpcError(res, 503, -32603, 'Service unavailable'),
  };
}
