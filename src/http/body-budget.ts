// The bytes of request bodies being read and held at once, across every request and surface: a body waits for room
// (first come, first served) rather than growing the heap, and is refused after the wait. What a parsed body costs
// the heap is a small multiple of its bytes, so this bounds the memory requests can hold whatever their shape.

/** A reservation's release (call it once, when the request is answered); shrinkTo gives back what a body did not use. */
export type Release = (() => void) & { shrinkTo(bytes: number): void };

interface Waiter {
  bytes: number;
  admit: () => void;
}

export class ByteBudget {
  private used = 0;
  private readonly waiting = new Set<Waiter>();

  constructor(
    readonly max: number,
    readonly waitMs: number,
  ) {}

  /** Bytes reserved now (for tests and metrics). */
  inFlight(): number {
    return this.used;
  }

  /** Reserves `bytes` (at most `max`) when there is room now and nobody waits: its release, else null. */
  tryTake(bytes: number): Release | null {
    const n = Math.min(bytes, this.max);
    if (this.waiting.size !== 0 || this.used + n > this.max) return null;
    this.used += n;
    return this.release(n);
  }

  /**
   * Reserves `bytes` (at most `max`): resolves to a release function (call it once, when the request is answered),
   * or null when no room came within waitMs, or `signal` aborted (the client went away) first.
   */
  take(bytes: number, signal?: AbortSignal): Promise<Release | null> {
    const n = Math.min(bytes, this.max);
    const now = this.tryTake(n);
    if (now) return Promise.resolve(now);
    if (this.waitMs === 0 || signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const w: Waiter = {
        bytes: n,
        admit: () => {
          done();
          this.used += n;
          resolve(this.release(n));
        },
      };
      const giveUp = () => {
        if (!this.waiting.delete(w)) return;
        done();
        resolve(null);
        this.serve();
      };
      const timer = setTimeout(giveUp, this.waitMs);
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', giveUp);
      };
      signal?.addEventListener('abort', giveUp, { once: true });
      this.waiting.add(w);
    });
  }

  /** The release of `n` reserved bytes. */
  private release(n: number): Release {
    let released = false;
    const fn = () => {
      if (released) return;
      released = true;
      this.used -= n;
      this.serve();
    };
    // A body reserved at the limit (chunked, compressed) that turned out smaller keeps only what it read.
    return Object.assign(fn, {
      shrinkTo: (to: number) => {
        if (released || to >= n) return;
        this.used -= n - Math.max(0, to);
        n = Math.max(0, to);
        this.serve();
      },
    });
  }

  // The oldest waiters first, while they fit: a large body is not overtaken forever by small ones.
  private serve(): void {
    for (const w of this.waiting) {
      if (this.used + w.bytes > this.max) break;
      this.waiting.delete(w);
      w.admit();
    }
  }
}
