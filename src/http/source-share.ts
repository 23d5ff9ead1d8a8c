// Per-source-address shares: open connections per peer address (one beyond its share is closed as it opens), new
// connections a second per peer address (a token bucket; one beyond is closed as it opens, before a byte is read), and
// requests in flight per client address, held ones included (one beyond is refused at once and its connection
// closed). A flood from one source then meets its own share, not SWITCHBOARD_MAX_CONNECTIONS, which every client
// shares. Behind a trusted proxy every connection is the proxy's: connections are not counted, and requests are
// counted by the client address the proxy forwards.
import type { Server, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import { clientAddress } from './address.js';
import type { FrontDoor } from './door.js';
import { onClose } from './on-close.js';
import type { Refusals } from './refusals.js';

export interface ShareLimits {
  connections: number;
  requests: number;
  /** New connections a second per peer address, and how many may come at once before that rate applies. */
  newPerSecond: number;
  newBurst: number;
  trustProxy: boolean;
}

function bump(map: Map<string, number>, key: string, delta: number): void {
  const n = (map.get(key) ?? 0) + delta;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}

export class SourceShare {
  private readonly connections = new Map<string, number>();
  private readonly requests = new Map<string, number>();
  // One token bucket of new connections per peer address; the least recently seen addresses are forgotten first (a
  // forgotten address starts again with a full burst), so a spray of addresses cannot grow the map.
  private readonly arrivals = new LRUCache<string, { tokens: number; at: number }>({ max: 100_000 });

  constructor(readonly limits: ShareLimits) {}

  /** Takes one new-connection token of `addr`; false when its bucket is empty. */
  private arrive(addr: string, now: number): boolean {
    const { newPerSecond: rate, newBurst: burst } = this.limits;
    const b = this.arrivals.get(addr) ?? { tokens: burst, at: now };
    b.tokens = Math.min(burst, b.tokens + ((now - b.at) * rate) / 1000);
    b.at = now;
    const ok = b.tokens >= 1;
    if (ok) b.tokens -= 1;
    this.arrivals.set(addr, b);
    return ok;
  }

  /** Counts the server's connections per peer address; `refused` is called for each one closed beyond a share. */
  watch(server: Server, refused: (limit: 'connections_per_address' | 'new_connections_per_address') => void): void {
    if (this.limits.trustProxy) return;
    server.on('connection', (socket) => {
      const addr = socket.remoteAddress ?? 'unknown';
      if (!this.arrive(addr, performance.now())) {
        refused('new_connections_per_address');
        socket.destroy();
        return;
      }
      if ((this.connections.get(addr) ?? 0) >= this.limits.connections) {
        refused('connections_per_address');
        socket.destroy();
        return;
      }
      bump(this.connections, addr, 1);
      socket.once('close', () => bump(this.connections, addr, -1));
    });
  }

  /** Admits one more request of `addr`: a release function, or null when the address has its share in flight. */
  enter(addr: string): (() => void) | null {
    if ((this.requests.get(addr) ?? 0) >= this.limits.requests) return null;
    bump(this.requests, addr, 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      bump(this.requests, addr, -1);
    };
  }

  /** Connections and requests in flight of an address (for tests). */
  load(addr: string): { connections: number; requests: number } {
    return { connections: this.connections.get(addr) ?? 0, requests: this.requests.get(addr) ?? 0 };
  }
}

/**
 * Counts the request against `addr` until it is answered: true, or false when the address has its share in flight
 * and the request was refused (429, its connection closed).
 */
export function enterAddress<R extends ServerResponse>(door: FrontDoor, refusals: Refusals<R>, res: R, addr: string): boolean {
  const leave = door.sources.enter(addr);
  if (!leave) {
    res.setHeader('Connection', 'close');
    door.refuse(
      'requests_per_address',
      refusals,
      res,
      `this address has as many requests in flight as it may (SWITCHBOARD_HTTP_REQUESTS_PER_ADDRESS ${door.sources.limits.requests})`,
      1,
    );
    return false;
  }
  onClose(res, leave);
  return true;
}

/** The first middleware of every surface: a request counts against its client address until it is answered. */
export function perAddress(door: FrontDoor, refusals: Refusals): RequestHandler {
  return (req, res, next) => {
    if (enterAddress(door, refusals, res, clientAddress(req))) next();
  };
}
