// The bound on /metrics itself: a token bucket of answers per minute with a short queue of scrapes waiting for a
// token, so a flood of scrape loops is slowed to the answer rate instead of spinning on instant answers.
//
// Why a wait and not only a refusal: the server is one event loop, and a closed loop of scrapes costs it one request
// per answer whatever the answer is. A 429 sent at once is parsed, routed and written like a cached 200, so loops
// that are refused at once simply come back faster. Held in the queue, a scrape costs a timer and the socket the
// connection cap already counts, and its loop does not come back until it is answered or refused.

export interface ScrapeLimits {
  /** Answers per minute the bucket refills (SWITCHBOARD_METRICS_SCRAPES_PER_MINUTE), spread evenly over the minute. */
  perMinute: number;
  /** Answers the bucket holds: what may be answered at once after a quiet spell (SWITCHBOARD_METRICS_SCRAPE_BURST). */
  burst: number;
  /** Scrapes that may wait for a token; one more is refused at once (SWITCHBOARD_METRICS_QUEUE). */
  queue: number;
  /** How long a scrape waits for a token before it is refused (SWITCHBOARD_METRICS_QUEUE_WAIT_MS). */
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

  /**
   * Resolves when the scrape may be answered, or with a refusal: at once when the queue is full, after waitMs when
   * no token came. A scrape whose `signal` aborts (its client hung up) leaves the queue and is refused.
   */
  admit(signal?: AbortSignal): Promise<Admission> {
    this.refill();
    if (this.waiting.size === 0 && this.tokens >= 1) {
      this.tokens -= 1;
      this.counts.admitted++;
      return Promise.resolve({ ok: true });
    }
    if (this.waiting.size >= this.limits.queue || this.limits.waitMs === 0 || signal?.aborted) {
      this.counts.refused++;
      return Promise.resolve({ ok: false, retryAfterSeconds: this.retryAfter(), why: 'queue full' });
    }
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

  /** Scrapes waiting for a token now (for tests). */
  waitingCount(): number {
    return this.waiting.size;
  }
}
