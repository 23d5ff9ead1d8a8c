// The doorbell: one LISTEN connection per process on channel switchboard_doorbell, shared by every waiter, and
// the long-poll claim_next built on it (wait for work instead of spinning).
//
// Transitions ring it in SQL (trigger _on_todo_claimable): pg_notify('switchboard_doorbell', '{"queue": "..."}')
// when a todo becomes claimable, delivered when that transaction commits. The payload is only a queue name, and
// queue names are per endpoint, so a ring is a hint to try again, never proof of work for this caller.
import { setTimeout as sleep } from 'node:timers/promises';
import type postgres from 'postgres';
import { toCallerError } from './errors.js';

export const DOORBELL_CHANNEL = 'switchboard_doorbell';

export type WaitResult = 'rung' | 'timeout' | 'aborted';

/** A waiter registered before the claim it follows, so a ring between the claim and the wait is not lost. */
export interface Armed {
  /** Resolves when the queue's doorbell rings (or any queue's, for a waiter on every queue), the time is up or the signal aborts. */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<WaitResult>;
  /** Unregisters; call it whether or not it was waited on. */
  cancel(): void;
}

export interface Doorbell {
  arm(queue: string | null): Armed;
  /** arm() and wait() at once, for callers that have nothing to race. */
  waitFor(queue: string | null, signal: AbortSignal | undefined, timeoutMs: number): Promise<WaitResult>;
  /** How many waiters are registered now (for tests and logs). */
  readonly waiting: number;
  /** True once closed: waits end at once, and a long poll answers what it has instead of claiming again. */
  readonly closed: boolean;
  /** Stops listening and ends every wait (call it before draining a server, so long polls answer promptly). */
  close(): Promise<void>;
}

const ANY = '\u0000any';

class Bell implements Doorbell {
  private readonly waiters = new Map<string, Set<() => void>>();
  private unlisten: (() => Promise<void>) | null = null;
  private count = 0;
  private isClosed = false;

  constructor(private readonly onClose: () => void) {}

  get waiting(): number {
    return this.count;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  async start(sql: postgres.Sql): Promise<void> {
    const sub = await sql.listen(DOORBELL_CHANNEL, (payload) => this.ring(payload));
    this.unlisten = sub.unlisten;
  }

  private ring(payload: string): void {
    let queue: unknown;
    try {
      queue = (JSON.parse(payload) as { queue?: unknown }).queue;
    } catch {
      return;
    }
    if (typeof queue !== 'string') return;
    for (const key of [queue, ANY]) {
      const set = this.waiters.get(key);
      if (!set) continue;
      this.waiters.delete(key);
      for (const wake of set) wake();
    }
  }

  arm(queue: string | null): Armed {
    const key = queue ?? ANY;
    let rung = false;
    let wake: (() => void) | null = null;
    const onRing = () => {
      rung = true;
      this.count--;
      wake?.();
    };
    let set = this.waiters.get(key);
    if (!set) this.waiters.set(key, (set = new Set()));
    set.add(onRing);
    this.count++;
    const cancel = () => {
      const s = this.waiters.get(key);
      if (s?.delete(onRing)) {
        this.count--;
        if (s.size === 0) this.waiters.delete(key);
      }
    };
    return {
      cancel,
      wait: (timeoutMs, signal) => {
        if (rung) return Promise.resolve('rung');
        if (signal?.aborted || this.isClosed) return Promise.resolve('aborted');
        return new Promise<WaitResult>((resolve) => {
          const done = (r: WaitResult) => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            wake = null;
            resolve(r);
          };
          const onAbort = () => done('aborted');
          const timer = setTimeout(() => done('timeout'), Math.max(0, timeoutMs));
          signal?.addEventListener('abort', onAbort, { once: true });
          wake = () => done('rung');
        });
      },
    };
  }

  async waitFor(queue: string | null, signal: AbortSignal | undefined, timeoutMs: number): Promise<WaitResult> {
    const armed = this.arm(queue);
    try {
      return await armed.wait(timeoutMs, signal);
    } finally {
      armed.cancel();
    }
  }

  async close(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = null;
    this.isClosed = true;
    this.onClose();
    for (const set of this.waiters.values()) for (const wake of set) wake();
    this.waiters.clear();
    await unlisten?.();
  }
}

const bells = new WeakMap<postgres.Sql, Promise<Doorbell>>();

/**
 * The doorbell of a pool: the first call LISTENs (postgres.js keeps one dedicated connection per pool for all
 * its LISTENs and re-listens after a reconnect), later calls share it. One pool per process means one LISTEN
 * connection per process, however many clients wait.
 */
export function doorbellFor(sql: postgres.Sql): Promise<Doorbell> {
  let bell = bells.get(sql);
  if (!bell) {
    bell = (async () => {
      const b = new Bell(() => bells.delete(sql));
      await b.start(sql);
      return b;
    })();
    bell.catch(() => bells.delete(sql));
    bells.set(sql, bell);
  }
  return bell;
}

export interface LongPollOptions {
  /** The queue claimed from, or null for any of the caller's queues (woken by any ring). */
  queue: string | null;
  /** 0..60: how long to wait for work; 0 answers at once, as a plain claim_next. */
  waitSeconds: number;
  /** The client's cancellation: the wait ends and {"empty": true} is answered (nobody reads it). */
  signal?: AbortSignal;
  /**
   * Even unrung, claim again this often: a ring can be missed while the LISTEN connection reconnects, and a todo
   * whose run_at arrives, or whose retry falls due before the sweep, becomes claimable without a transition.
   */
  recheckMs?: number;
}

export const MAX_WAIT_SECONDS = 60;

/**
 * claim_next with a wait: claims; when nothing is claimable, waits for the doorbell (or a recheck) and claims
 * again, until a todo is claimed or waitSeconds have passed, then answers the last claim_next document
 * ({"empty": true}). The waiter is armed before each claim so a todo added in between still wakes it.
 * A claim refused as throttled (the endpoint's claim budget is spent) waits for the next unit when it comes
 * within the wait, and claims again; when it does not, the throttled error is the answer.
 */
export async function claimNextWithWait<D extends Record<string, unknown>>(
  claim: () => Promise<D>,
  doorbell: Doorbell,
  opts: LongPollOptions,
): Promise<D> {
  const waitMs = Math.min(Math.max(opts.waitSeconds, 0), MAX_WAIT_SECONDS) * 1000;
  if (waitMs === 0) return claim();
  const deadline = Date.now() + waitMs;
  const recheckMs = opts.recheckMs ?? 5000;
  for (;;) {
    const armed = doorbell.arm(opts.queue);
    try {
      const doc = await claimOrWaitForUnit(claim, deadline, doorbell, opts.signal);
      if (doc === null) continue;
      if (doc.empty !== true) return doc;
      const left = deadline - Date.now();
      if (left <= 0 || opts.signal?.aborted) return doc;
      const r = await armed.wait(Math.min(left, recheckMs), opts.signal);
      if (r === 'aborted' || doorbell.closed) return doc;
    } finally {
      armed.cancel();
    }
  }
}

/**
 * One claim; when the endpoint's claim budget is spent (throttled), waits for the next unit instead, if it comes
 * before the deadline, and answers null (claim again). Otherwise the throttled error stands. The wait is a timer,
 * not the doorbell: the budget refills with time, and a ring would only wake a claim that is refused again.
 */
async function claimOrWaitForUnit<D>(
  claim: () => Promise<D>,
  deadline: number,
  doorbell: Doorbell,
  signal: AbortSignal | undefined,
): Promise<D | null> {
  try {
    return await claim();
  } catch (err) {
    const e = toCallerError(err);
    if (e.kind !== 'throttled') throw err;
    const ms = (e.retryAfterSeconds ?? 1) * 1000;
    if (Date.now() + ms > deadline || signal?.aborted || doorbell.closed) throw err;
    try {
      await sleep(ms, undefined, { signal });
    } catch {
      throw err; // the client went away while waiting: nobody reads the answer
    }
    if (doorbell.closed) throw err;
    return null;
  }
}

/** Closes the doorbell of a pool, if it has one: every long poll on it answers now. For a server's shutdown. */
export async function closeDoorbell(sql: postgres.Sql): Promise<void> {
  const bell = bells.get(sql);
  if (!bell) return;
  try {
    await (await bell).close();
  } catch {
    // It never started listening: nothing waits on it.
  }
}
