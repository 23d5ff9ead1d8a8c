// Connection admission under a crowd: once the server's open connections pass SWITCHBOARD_MAX_CONNECTIONS less
// SWITCHBOARD_HTTP_CONNECTION_RESERVE, each new connection must present a credential (an Authorization header) in
// its first request within SWITCHBOARD_HTTP_CROWDED_DEADLINE_MS, or it is closed; a request without one (or answered
// 401) is answered with its connection closed. So clients without a credential, from however few addresses, can
// hold at most the unreserved connections for long, and the reserve stays for credentialed requests. Works on the
// node:http server, before any framework.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface CrowdLimits {
  /** Open connections above which a new one must show a credential promptly. */
  crowdedAt: number;
  deadlineMs: number;
}

export class Crowd {
  private open = 0;
  /** Connections opened while crowded that have not yet shown a credential. */
  private readonly onProbation = new WeakSet<Socket>();

  constructor(readonly limits: CrowdLimits) {}

  get connections(): number {
    return this.open;
  }

  /** Watches the server; `closed` is called for each connection closed for want of a credential. */
  watch(server: Server, closed: () => void): void {
    server.on('connection', (socket: Socket) => {
      this.open++;
      socket.once('close', () => this.open--);
      if (this.open <= this.limits.crowdedAt) return;
      this.onProbation.add(socket);
      socket.setTimeout(this.limits.deadlineMs, () => {
        if (!this.onProbation.has(socket)) return;
        closed();
        socket.destroy();
      });
    });
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const socket = req.socket;
      if (!this.onProbation.has(socket)) return;
      if (req.headers.authorization) {
        // Shown: the connection is an ordinary one from now on (the server's own request deadlines still apply).
        this.onProbation.delete(socket);
        socket.setTimeout(0);
        res.once('finish', () => {
          if (res.statusCode === 401 && this.open > this.limits.crowdedAt) socket.destroy();
        });
        return;
      }
      // No credential while crowded: answered, then closed, never kept alive.
      res.shouldKeepAlive = false;
    });
  }
}
