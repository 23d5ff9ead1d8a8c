// Who follows a task over /a2a (SSE streams and blocking sends): their caps per credential and overall, and their
// wakes: one LISTEN connection per process on switchboard_a2a, whose payload is only an endpoint's opaque wake key.
// A wake is a hint to re-read through the caller's credential, never a fact about any task; a credential refused
// (revoked, rotated out) wakes its endpoint's followers at once, so their next read ends them.
import type { Sql } from '../db.js';
import type { Logger } from '../log.js';

export const A2A_CHANNEL = 'switchboard_a2a';
const REFUSED_CHANNEL = 'switchboard_credentials_refused';

export interface FollowerLimits {
  perCredential: number;
  max: number;
}

export class Followers {
  private readonly byKey = new Map<string, Set<() => void>>();
  private readonly perEndpoint = new Map<string, number>();
  private total = 0;
  private readonly listening: Promise<Array<{ unlisten: () => Promise<void> } | null>>;
  private closed = false;

  constructor(
    sql: Sql,
    private readonly log: Logger,
    readonly limits: FollowerLimits,
  ) {
    const listen = (channel: string, fn: (payload: string) => void) =>
      sql.listen(channel, fn, () => this.wakeAll()).catch((err: unknown) => {
        log.warn({ err, channel }, 'a2a: not listening; streams re-read only at their keep-alive');
        return null;
      });
    this.listening = Promise.all([listen(A2A_CHANNEL, (key) => this.wake(key)), listen(REFUSED_CHANNEL, (endpointId) => this.wake(endpointId))]);
  }

  /** True once the server is stopping: streams end instead of waiting again. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Followers open now, in all and for one endpoint. */
  count(endpointId?: string): number {
    return endpointId === undefined ? this.total : (this.perEndpoint.get(endpointId) ?? 0);
  }

  /** Takes a follower slot of the endpoint: its release (call it once), or null when a cap is reached. */
  open(endpointId: string): (() => void) | null {
    const mine = this.count(endpointId);
    if (this.closed || mine >= this.limits.perCredential || this.total >= this.limits.max) return null;
    this.perEndpoint.set(endpointId, mine + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = this.count(endpointId) - 1;
      if (left > 0) this.perEndpoint.set(endpointId, left);
      else this.perEndpoint.delete(endpointId);
    };
  }

  /**
   * Resolves at the next wake of any of `keys` (a wake key, an endpoint id for its credential's refusal), after
   * `ms`, or when `signal` aborts, whichever is first.
   */
  wait(keys: Array<string | null>, ms: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        for (const k of keys) if (k) this.byKey.get(k)?.delete(done);
        for (const k of keys) if (k && this.byKey.get(k)?.size === 0) this.byKey.delete(k);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      for (const k of keys) {
        if (!k) continue;
        let set = this.byKey.get(k);
        if (!set) this.byKey.set(k, (set = new Set()));
        set.add(done);
      }
    });
  }

  private wake(key: string): void {
    const set = this.byKey.get(key);
    if (set) for (const done of [...set]) done();
  }

  /** A reconnected LISTEN may have missed wakes: everyone re-reads. */
  private wakeAll(): void {
    for (const set of [...this.byKey.values()]) for (const done of [...set]) done();
  }

  /** Stops listening and ends every wait (server shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    this.wakeAll();
    for (const l of await this.listening) await l?.unlisten().catch(() => {});
  }
}
