// Per-credential request rate on /mcp: a credential's requests past its rate wait their turn, briefly, then 429, so
// one tenant's loops cannot take the event loop (parsing, authentication, the SDK's transport) from the others.

export interface PaceLimits {
  /** Requests per second one key may make, on average. */
  perSecond: number;
  /** Requests one key may make at once, above the average, before its requests are paced. */
  burst: number;
  /** The longest a request is held for its turn; one that would wait longer is refused. */
  waitMs: number;
}

/** What take() decided: go after `waitMs` (0: now), or refused (after `retryAfterMs` a request would go at once). */
export type Turn = { waitMs: number } | { refused: true; retryAfterMs: number };

/**
 * The generic cell rate algorithm, per key: each key keeps one number, the time its requests would have been spread
 * out to at the average rate (its "theoretical arrival time"). A request that arrives no more than a burst's worth
 * of intervals before that time goes at once; one later in the queue is held until its slot, up to waitMs, and the
 * slot is its from then on (a held request is not refused later); past waitMs it is refused and takes no slot, so
 * a refused client's retries do not push the honest requests of the same key further out.
 *
 * A key whose time has passed holds nothing a fresh key would not, so it is dropped: the map holds only keys paced
 * in the last burst's worth of intervals, whatever the number of credentials.
 */
export class RequestPace {
  private readonly due = new Map<string, number>();
  private readonly interval: number;
  private readonly tolerance: number;
  private sweptAt = 0;

  constructor(
    readonly limits: PaceLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.interval = 1000 / limits.perSecond;
    this.tolerance = limits.burst * this.interval;
  }

  /**
   * Takes `cost` requests' slots for `key` (a JSON-RPC batch costs one per message). With `mayWait` false a request
   * that would have to wait is refused instead (the caller holds as many of the key's requests as it will).
   */
  take(key: string, cost = 1, mayWait = true): Turn {
    const now = this.now();
    this.sweep(now);
    const from = Math.max(this.due.get(key) ?? now, now);
    const next = from + cost * this.interval;
    const waitMs = next - this.tolerance - now;
    if (waitMs > (mayWait ? this.limits.waitMs : 0)) return { refused: true, retryAfterMs: waitMs };
    this.due.set(key, next);
    return { waitMs: Math.max(0, waitMs) };
  }

  /** Keys paced now (for tests). */
  size(): number {
    return this.due.size;
  }

  // At most once a second, and only through the keys there are: cheap beside the requests that made them.
  private sweep(now: number): void {
    if (now - this.sweptAt < 1000) return;
    this.sweptAt = now;
    for (const [key, at] of this.due) if (at <= now) this.due.delete(key);
  }
}
