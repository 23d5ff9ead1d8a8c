// Who follows a task over /a2a (SSE streams and blocking sends): their caps per credential and overall, and their
// wakes: one LISTEN connection per process on switchboard_a2a, whose payload is only an endpoint's opaque wake key.
// A wake is a hint to re-read through the caller's credential, never a fact about any task; a credential refused
// (revoked, rotated out: the notice names its SHA-256) wakes the followers that present it, so their next read ends
// them. Any login of the database can send either notice, so wakes of one key are coalesced: a flood of them costs
// each follower at most one re-read per WAKE_GAP_MS.
import type { Sql } from '../db.js';
import type { Logger } from '../log.js';
import { listenEverywhere } from '../shard-listen.js';

export const A2A_CHANNEL = 'switchboard_a2a';
const REFUSED_CHANNEL = 'switchboard_credentials_refused';
/** The shortest time between two wakes of one key: a forged flood of wakes re-reads a stream at most this often. */
export const WAKE_GAP_MS = 200;

export interface FollowerLimits {
  perCredential: number;
  max: number;
}

export class Followers {
  private readonly byKey = new Map<string, Set<() => void>>();
  /** When each key was last woken, and the wakes held back for it (coalesced into one at the end of the gap). */
  private readonly lastWake = new Map<string, number>();
  private readonly heldWake = new Map<string, NodeJS.Timeout>();
  private readonly perEndpoint = new Map<string, number>();
  private total = 0;
  private readonly listening: Promise<Array<{ unlisten: () => Promise<void> } | null>>;
  private closed = false;

  constructor(
    sql: Sql,
    private readonly log: Logger,
    readonly limits: FollowerLimits,
  ) {
    // On a sharded cluster's proxy, on every shard too (src/shard-listen.ts).
    const listen = (channel: string, fn: (payload: string) => void) =>
      listenEverywhere(sql, channel, fn, () => this.wakeAll()).catch((err: unknown) => {
        log.warn({ err, channel }, 'a2a: not listening; streams re-read only at their keep-alive');
        return null;
      });
    this.listening = Promise.all([
      listen(A2A_CHANNEL, (key) => this.wake(key)),
      listen(REFUSED_CHANNEL, (digests) => {
        for (const digest of digests.split(',')) if (/^[0-9a-f]{64}$/.test(digest)) this.wake(digest);
      }),
    ]);
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
   * Resolves at the next wake of any of `keys` (a wake key, a credential's digest for its refusal), after
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
    if (!this.byKey.has(key) || this.heldWake.has(key)) return;
    const wait = (this.lastWake.get(key) ?? 0) + WAKE_GAP_MS - Date.now();
    const fire = () => {
      this.heldWake.delete(key);
      if (this.lastWake.size >= 10_000) {
        const old = Date.now() - WAKE_GAP_MS;
        for (const [k, at] of this.lastWake) if (at < old) this.lastWake.delete(k);
      }
      this.lastWake.set(key, Date.now());
      const set = this.byKey.get(key);
      if (set) for (const done of [...set]) done();
      else this.lastWake.delete(key);
    };
    if (wait <= 0) return fire();
    this.heldWake.set(key, setTimeout(fire, wait));
  }

  /** A reconnected LISTEN may have missed wakes: everyone re-reads. */
  private wakeAll(): void {
    for (const set of [...this.byKey.values()]) for (const done of [...set]) done();
  }

  /** Stops listening and ends every wait (server shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.heldWake.values()) clearTimeout(t);
    this.heldWake.clear();
    this.wakeAll();
    for (const l of await this.listening) await l?.unlisten().catch(() => {});
  }
}
