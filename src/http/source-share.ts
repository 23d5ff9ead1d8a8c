// Per-source-address shares: open connections per peer address (one beyond its share is closed as it opens), and
// requests in flight per client address, held ones included (one beyond is refused at once and its connection
// closed). A flood from one source then meets its own share, not SWITCHBOARD_MAX_CONNECTIONS, which every client
// shares. Behind a trusted proxy every connection is the proxy's: connections are not counted, and requests are
// counted by the client address the proxy forwards.
import type { Server } from 'node:http';
import type { RequestHandler } from 'express';
import { clientAddress } from './address.js';
import type { FrontDoor } from './door.js';
import type { Refusals } from './refusals.js';

export interface ShareLimits {
  connections: number;
  requests: number;
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

  constructor(readonly limits: ShareLimits) {}

  /** Counts the server's connections per peer address; `refused` is called for each one closed beyond its share. */
  watch(server: Server, refused: () => void): void {
    if (this.limits.trustProxy) return;
    server.on('connection', (socket) => {
      const addr = socket.remoteAddress ?? 'unknown';
      if ((this.connections.get(addr) ?? 0) >= this.limits.connections) {
        refused();
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

/** The first middleware of every surface: a request counts against its client address until it is answered. */
export function perAddress(door: FrontDoor, refusals: Refusals): RequestHandler {
  return (req, res, next) => {
    const leave = door.sources.enter(clientAddress(req));
    if (!leave) {
      res.setHeader('Connection', 'close');
      return door.refuse(
        'requests_per_address',
        refusals,
        res,
        `this address has as many requests in flight as it may (SWITCHBOARD_HTTP_REQUESTS_PER_ADDRESS ${door.sources.limits.requests})`,
        1,
      );
    }
    res.once('close', leave);
    next();
  };
}
