// Where a request comes from: the client address the per-address shares count, and whether a listen address is
// loopback (which decides the Host check and whether /metrics may go without a token).
import type { IncomingMessage } from 'node:http';
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

/** True for an address only this machine can reach: 127.0.0.0/8, ::1 (and its v4-mapped form), localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(v4);
  return m !== null && m.slice(1).every((x) => Number(x) <= 255);
}
