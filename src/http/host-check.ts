// DNS-rebinding protection for a server bound to loopback: a browser page on another origin can reach a loopback
// port through a name it controls, so the Host header must name the loopback (or the public URL's host, for a
// reverse proxy on this machine that passes the Host on). The MCP SDK's middleware, for every route.
import { hostHeaderValidation } from '@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js';
import type { RequestHandler } from 'express';
import { isLoopbackHost } from './address.js';

/** The Host check for a server listening on `bindHost`, or null when it does not listen on loopback. */
export function hostCheck(bindHost: string, publicHost: string | null): RequestHandler | null {
  if (!isLoopbackHost(bindHost)) return null;
  const bare = bindHost.replace(/^\[|\]$/g, '').toLowerCase();
  const bound = bare.includes(':') ? `[${bare}]` : bare;
  const names = new Set(['127.0.0.1', 'localhost', '[::1]', bound]);
  if (publicHost) names.add(publicHost);
  return hostHeaderValidation([...names]);
}
