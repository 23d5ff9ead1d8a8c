// DNS-rebinding protection for a server bound to loopback: a browser page on another origin can reach a loopback
// port through a name it controls, so the Host header must name the loopback (or the public URL's host, for a
// reverse proxy on this machine that passes the Host on). What the MCP SDK's hostHeaderValidation middleware does
// (the same checks, 403 and messages), on node:http's request and response, so /mcp (served without Express) and
// every Express route share it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { canonicalHost, isLoopbackHost } from './address.js';

/** Answers 403 and returns false when the request's Host is not one of the names; true lets it through. */
export type HostCheck = (req: IncomingMessage, res: ServerResponse) => boolean;

function forbidden(res: ServerResponse, message: string): false {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
  res.writeHead(403, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
  return false;
}

/** The Host check for a server listening on `bindHost`, or null when it does not listen on loopback. */
export function hostCheck(bindHost: string, publicHost: string | null): HostCheck | null {
  if (!isLoopbackHost(bindHost)) return null;
  // Compared in canonicalHost's spelling, so every spelling of an allowed address is allowed (a Host of
  // [::ffff:127.0.0.1] on a 127.0.0.1 bind) and none of another's.
  const names = new Set(['127.0.0.1', 'localhost', '::1', bindHost].map(canonicalHost));
  if (publicHost) names.add(canonicalHost(publicHost));
  // The last Host seen allowed: a client sends the same one on every request.
  let allowed = '';
  return (req, res) => {
    const host = req.headers.host;
    if (!host) return forbidden(res, 'Missing Host header');
    if (host === allowed) return true;
    let hostname: string;
    try {
      hostname = new URL(`http://${host}`).hostname;
    } catch {
      return forbidden(res, `Invalid Host header: ${host}`);
    }
    if (!names.has(canonicalHost(hostname))) return forbidden(res, `Invalid Host: ${hostname}`);
    allowed = host;
    return true;
  };
}
