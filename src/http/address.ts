// Where a request comes from: the client address the per-address shares count, and whether a listen address is
// loopback (which decides the Host check and whether /metrics may go without a token).
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Request } from 'express';

/**
 * The client's address: Express's req.ip, which is the peer's address, or, when the app trusts its proxy
 * (`trust proxy`, set from SWITCHBOARD_TRUST_PROXY), the address the proxy put last in X-Forwarded-For.
 */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * The same address without Express (/mcp is served on node:http): what req.ip is under `trust proxy` 1 (one hop
 * trusted), i.e. the last X-Forwarded-For entry when the proxy is trusted and sent one, else the peer's address.
 */
export function requestAddress(req: IncomingMessage, trustProxy: boolean): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (!trustProxy) return peer;
  const xff = req.headers['x-forwarded-for'];
  if (typeof xff !== 'string') return peer;
  const last = xff.slice(xff.lastIndexOf(',') + 1).trim();
  return last || peer;
}

/**
 * One spelling for each address, so a bind address and a Host header compare alike: brackets dropped, lower case,
 * an IPv6 address as the WHATWG URL parser writes it (0:0:0:0:0:0:0:1 is ::1), an IPv4 address in dotted decimal
 * (the parser's reading: 127.1 is 127.0.0.1), and an IPv4-mapped IPv6 address (::ffff:127.0.0.2, ::ffff:7f00:2,
 * 0:0:0:0:0:ffff:127.0.0.2) as the IPv4 address it maps. A name is returned lower-cased; a string that is neither
 * an address nor a plain name (a port, a user, a path) is returned as given, lower-cased, never read as another host.
 */
export function canonicalHost(host: string): string {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  const v6 = isIP(h) === 6;
  // Only an IPv6 address or letters, digits, dots and hyphens reach the parser: 'evil@127.0.0.1' or '127.0.0.1:80'
  // would parse to another host than the string names.
  if (!v6 && !/^[0-9a-z.-]+$/.test(h)) return h;
  let parsed: string;
  try {
    parsed = new URL(`http://${v6 ? `[${h}]` : h}/`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return h;
  }
  // The parser writes a mapped address in hex (::ffff:7f00:2): the IPv4 address is its last 32 bits.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(parsed);
  if (!mapped) return parsed;
  const hi = parseInt(mapped[1]!, 16);
  const lo = parseInt(mapped[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/**
 * True for an address only this machine can reach: 127.0.0.0/8, ::1, localhost, in any spelling canonicalHost reads
 * (an IPv4-mapped 127.x address included).
 */
export function isLoopbackHost(host: string): boolean {
  const h = canonicalHost(host);
  if (h === 'localhost' || h === '::1') return true;
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return m !== null && m.slice(1).every((x) => Number(x) <= 255);
}
