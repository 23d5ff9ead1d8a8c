// The bound on /metrics itself: a token bucket of answers per minute, a short queue of scrapes waiting for a token,
// and refusals (429) held for the same wait, so a flood of scrape loops is slowed to the answer rate.
//
// Why nothing is answered at once beyond the bucket, not even a refusal: the server is one event loop, and a closed
// loop of scrapes costs it one request per answer whatever the answer is. A 429 sent at once is parsed, routed and
// written like a cached 200, so a loop refused at once comes straight back: measured, 200 loops beyond a queue that
// refused at once got ~3,000 refusals a second and took another tenant's p99 to 7-11x. Held, a scrape costs a timer
// and a socket that SWITCHBOARD_MAX_CONNECTIONS already counts, and its loop does not come back until the wait ends.

export interface ScrapeLimits {
  /** Answers per minute the bucket refills (SWITCHBOARD_METRICS_SCRAPES_PER_MINUTE), spread evenly over the minute. */
  perMinute: number;
  /** Answers the bucket holds: what may be answered at once after a quiet spell (SWITCHBOARD_METRICS_SCRAPE_BURST). */
  burst: number;
  /** Scrapes that may wait for a token, first come first served (SWITCHBOARD_METRICS_QUEUE). */
  queue: number;
  /**
   * How long a scrape beyond the bucket is held (SWITCHBOARD_METRICS_QUEUE_WAIT_MS): one in the queue is answered
   * when its token comes or refused at the end; one beyond the queue is refused at the end. 0: refused at once.
   */
  waitMs: number;
}

export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number; why: 'queue full' | 'waited too long' };

interface Waiter {
  settle: (a: Admission) => void;
}

/** A token bucket with a FIFO of waiters. One instance per server: the rate is the server's, not a scraper's. */
export class ScrapeLimiter {
  private tokens: number;
  private refilledAt: number;
  /** Insertion-ordered, so the first value is the oldest waiter; deleting one that gave up is O(1). */
  private readonly waiting = new Set<Waiter>();
  /** Scrapes beyond the queue, held until their refusal is due. */
  private holding = 0;
  private timer: NodeJS.Timeout | null = null;
  /** Scrapes admitted at once, admitted after waiting, and refused, since the start. */
  readonly counts = { admitted: 0, waited: 0, refused: 0 };

  constructor(
    readonly limits: ScrapeLimits,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = limits.burst;
    this.refilledAt = this.now();
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.limits.burst, this.tokens + ((t - this.refilledAt) * this.limits.perMinute) / 60_000);
    this.refilledAt = t;
  }

  /** Whole seconds until a scrape arriving now would get a token, counting the ones already waiting (at least 1). */
  private retryAfter(): number {
    this.refill();
    return Math.max(1, Math.ceil(((this.waiting.size + 1 - this.tokens) * 60) / this.limits.perMinute));
  }

  /** Hands tokens to the oldest waiters, and sets a timer for the next token while any are left. */
  private serve(): void {
    this.timer = null;
    this.refill();
    for (const w of this.waiting) {
      if (this.tokens < 1) break;
      this.tokens -= 1;
      this.waiting.delete(w);
      this.counts.waited++;
      w.settle({ ok: true });
    }
    if (this.waiting.size > 0) {
      const ms = Math.max(1, Math.ceil(((1 - this.tokens) * 60_000) / this.limits.perMinute));
      this.timer = setTimeout(() => this.serve(), ms);
      this.timer.unref();
    }
  }

  /** Resolves after waitMs (or when `signal` aborts) with a refusal: a scrape beyond the queue. */
  private hold(signal?: AbortSignal): Promise<Admission> {
    this.holding++;
    return new Promise<Admission>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.holding--;
        this.counts.refused++;
        resolve({ ok: false, retryAfterSeconds: this.retryAfter(), why: 'queue full' });
      };
      const timer = setTimeout(done, this.limits.waitMs);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /**
   * Resolves when the scrape may be answered, or with a refusal once waitMs has passed without a token. A scrape
   * whose `signal` aborts (its client hung up) leaves at once and is refused, so no token goes to a closed socket.
   */
  admit(signal?: AbortSignal): Promise<Admission> {
    this.refill();
    if (this.waiting.size === 0 && this.tokens >= 1) {
      this.tokens -= 1;
      this.counts.admitted++;
      return Promise.resolve({ ok: true });
    }
    if (this.limits.waitMs === 0 || signal?.aborted) {
      this.counts.refused++;
      return Promise.resolve({ ok: false, retryAfterSeconds: this.retryAfter(), why: 'queue full' });
    }
    if (this.waiting.size >= this.limits.queue) return this.hold(signal);
    return new Promise<Admission>((resolve) => {
      const w: Waiter = {
        settle: (a) => {
          clearTimeout(deadline);
          signal?.removeEventListener('abort', giveUp);
          resolve(a);
        },
      };
      const giveUp = () => {
        if (!this.waiting.delete(w)) return;
        this.counts.refused++;
        w.settle({ ok: false, retryAfterSeconds: this.retryAfter(), why: 'waited too long' });
      };
      const deadline = setTimeout(giveUp, this.limits.waitMs);
      signal?.addEventListener('abort', giveUp, { once: true });
      this.waiting.add(w);
      if (!this.timer) this.serve();
    });
  }

  /** Scrapes waiting for a token, and scrapes beyond the queue held for their refusal (for tests). */
  load(): { waiting: number; holding: number } {
    return { waiting: this.waiting.size, holding: this.holding };
  }
}
