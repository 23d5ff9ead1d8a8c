// The doorbell: one LISTEN connection per process on channel switchboard_doorbell, shared by every waiter, and
// the long-poll claim_next built on it (wait for work instead of spinning).
//
// Transitions ring it in SQL (switchboard_internal.ring): a signal '<endpoint tag>.<queue tag>.<ms>.<xid>.<mac>' when
// a todo becomes claimable, delivered when that transaction commits. Any login of the database may LISTEN and NOTIFY on
// the channel, so a ring names its endpoint and queue by opaque tags (a listener learns no id and no queue name) and is
// checked (src/signals.ts): one that is not Switchboard's, is stale, or was heard before wakes nobody. A ring wakes only
// the waiters of that endpoint (on that queue, or on all its queues), so one tenant's add_todo never wakes another's,
// and none wakes "every waiter of a queue name". It is a hint to try again, never proof of work: a woken waiter claims
// once, and waits again if another got there first; and however often its rings come, a waiter claims again at most
// SWITCHBOARD_WAITER_CLAIMS_PER_SECOND times a second (rings in between are folded into that claim). Nothing re-claims
// on a timer: a todo that becomes due later is rung by the worker's due-retry sweep, and a reconnect of the LISTEN
// connection (rings may have been missed) wakes everyone. While anyone waits, the bell pings itself every PING_MS
// through the pool, with a fresh nonce each time; a ping not heard back means the LISTEN connection is deaf, and
// everyone claims once (the only claims not caused by a ring).
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import type { Config } from './config.js';
import { LONG_LIVED, urlOfPool } from './db.js';
import { toCallerError } from './errors.js';
import { listenEverywhere } from './shard-listen.js';
import { type SignalOptions, type Signals, signalsFor } from './signals.js';

export const DOORBELL_CHANNEL = 'switchboard_doorbell';

export type WaitResult = 'rung' | 'timeout' | 'aborted';

/** A waiter registered before the claim it follows, so a ring between the claim and the wait is not lost. */
export interface Armed {
  /** Resolves when the doorbell rings for this waiter, the time is up or the signal aborts. */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<WaitResult>;
  /** Unregisters; call it whether or not it was waited on. */
  cancel(): void;
}

export interface Doorbell {
  /** A waiter on one queue (or every queue, null) of one endpoint: woken only by that endpoint's rings. */
  arm(queue: string | null, endpoint: string): Armed;
  /** arm() and wait() at once, for callers that have nothing to race. */
  waitFor(queue: string | null, signal: AbortSignal | undefined, timeoutMs: number, endpoint: string): Promise<WaitResult>;
  /**
   * Takes one of `holder`'s `cap` waiter slots and returns its release (call it once), or throws ThrottledError
   * when all are taken.
   */
  hold(holder: string, cap: number): () => void;
  /** How many waiters are registered now (for tests and logs). */
  readonly waiting: number;
  /** How many slots `holder` holds now. */
  held(holder: string): number;
  /** Rings woken on, and NOTIFYs on the channel taken for no ring (not Switchboard's, stale, replayed), since it started. */
  readonly counts: { rings: number; refused: number };
  /** True once closed: waits end at once, and a long poll answers what it has instead of claiming again. */
  readonly closed: boolean;
  /** Stops listening and ends every wait (call it before draining a server, so long polls answer promptly). */
  close(): Promise<void>;
  /** False while the LISTEN connection is lost (it is being reconnected): /healthz answers 503. */
  readonly listening: boolean;
}

/** Anything that logs (the process's pino logger). */
interface BellLog {
  info(o: object, msg: string): void;
  warn(o: object, msg: string): void;
}

/** Too many long polls of one credential at once (SWITCHBOARD_MAX_WAITERS): the caller-facing `throttled` (SB429). */
export class ThrottledError extends Error {
  readonly code = 'SB429';
  readonly hint: string;
  constructor(cap: number) {
    super(`throttled: this credential already has ${cap} claim_next calls waiting (wait_seconds), the most allowed at once`);
    this.hint =
      'Let one of the waiting claim_next calls return before starting another, or call claim_next without wait_seconds.';
  }
}

const ANY = '*';
const PING_MS = 10_000;
/** How often a bell with a LISTEN connection of its own checks that it still hears itself (waiters or not). */
const LIVENESS_MS = 2_000;
/** A waiter's key: its endpoint's tag and its queue's tag, or ANY for all the endpoint's queues. */
const key = (endpointTag: string, queueTag: string) => `${endpointTag}.${queueTag}`;

class Bell implements Doorbell {
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly holders = new Map<string, number>();
  private unlisten: (() => Promise<void>) | null = null;
  private count = 0;
  private isClosed = false;
  private listened = false;
  private sql: postgres.Sql | null = null;
  /** The nonce of the last ping sent: only hearing that one back proves the LISTEN connection hears. */
  private pingNonce = '';
  private pingTimer: NodeJS.Timeout | null = null;
  private heard = true;
  readonly counts = { rings: 0, refused: 0 };
  /** The LISTEN connection of its own (when the pool's URL is known), replaced when it stops hearing. */
  private listener: postgres.Sql | null = null;
  private liveTimer: NodeJS.Timeout | null = null;
  private liveNonce = '';
  private liveHeard = true;
  private missed = 0;
  private isListening = true;
  private reconnecting: Promise<void> | null = null;

  constructor(
    private readonly signals: Signals,
    private readonly onClose: () => void,
    private readonly url?: string,
    private readonly log?: BellLog,
  ) {}

  get listening(): boolean {
    return this.isListening && !this.isClosed;
  }

  /** Runs only while someone waits: is the LISTEN connection still hearing us? */
  private pinging(): void {
    if (this.count > 0 && !this.pingTimer && !this.isClosed) {
      this.heard = true;
      this.pingTimer = setInterval(() => {
        if (!this.heard) this.wakeAll();
        this.heard = false;
        this.pingNonce = randomBytes(12).toString('hex');
        this.sql?.notify(DOORBELL_CHANNEL, `p.${this.pingNonce}`).catch(() => {});
      }, PING_MS);
      this.pingTimer.unref();
    } else if ((this.count === 0 || this.isClosed) && this.pingTimer) {
      clearInterval(this.pingTimer);
      this.pingTimer = null;
    }
  }

  get waiting(): number {
    return this.count;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  held(holder: string): number {
    return this.holders.get(holder) ?? 0;
  }

  hold(holder: string, cap: number): () => void {
    const n = this.held(holder);
    if (n >= cap) throw new ThrottledError(cap);
    this.holders.set(holder, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = this.held(holder) - 1;
      if (left > 0) this.holders.set(holder, left);
      else this.holders.delete(holder);
    };
  }

  async start(sql: postgres.Sql): Promise<void> {
    this.sql = sql;
    await this.subscribe();
    if (this.url) {
      this.liveTimer = setInterval(() => this.checkLiveness(), LIVENESS_MS);
      this.liveTimer.unref();
    }
  }

  /** LISTENs (on a connection of its own when the URL is known, so a deaf one can be thrown away and replaced). */
  private async subscribe(): Promise<void> {
    const sql = this.sql!;
    const listener = this.url
      ? postgres(this.url, { max: 1, onnotice: () => {}, ...LONG_LIVED, connect_timeout: 5, connection: { application_name: 'switchboard-listen' } })
      : undefined;
    try {
      // On a sharded cluster's proxy, on every shard too (src/shard-listen.ts): transitions ring on their shard.
      const sub = await listenEverywhere(
        sql,
        DOORBELL_CHANNEL,
        (payload) => this.ring(payload),
        // Called after every LISTEN: after a reconnect, rings sent while it was down are lost, so everyone claims once.
        () => {
          if (this.listened) this.wakeAll();
          this.listened = true;
        },
        listener,
      );
      this.listener = listener ?? null;
      // Ending our own LISTEN connection first: an UNLISTEN on a connection that can no longer reach the database would
      // wait for ever (bounded here too, for the shards' connections).
      this.unlisten = async () => {
        await listener?.end({ timeout: 1 }).catch(() => {});
        await sub.unlisten().catch(() => {});
      };
    } catch (e) {
      await listener?.end({ timeout: 1 }).catch(() => {});
      throw e;
    }
  }

  /**
   * Every LIVENESS_MS: NOTIFYs a fresh nonce through the pool; two in a row not heard back (or not sent: the database is
   * gone) mean the LISTEN connection is deaf (dropped, or re-LISTEN refused on a standby): it is replaced, with backoff.
   */
  private checkLiveness(): void {
    if (this.isClosed || this.reconnecting) return;
    if (!this.liveHeard) this.missed++;
    else this.missed = 0;
    if (this.missed >= 2) {
      this.reconnecting = this.reconnect().finally(() => {
        this.reconnecting = null;
      });
      return;
    }
    this.liveHeard = false;
    this.liveNonce = randomBytes(12).toString('hex');
    this.sql?.notify(DOORBELL_CHANNEL, `p.${this.liveNonce}`).catch(() => {});
  }

  private async reconnect(): Promise<void> {
    this.isListening = false;
    this.log?.warn({ channel: DOORBELL_CHANNEL }, 'doorbell: LISTEN lost; reconnecting');
    const old = this.unlisten;
    this.unlisten = null;
    await old?.().catch(() => {});
    let backoffMs = 250;
    while (!this.isClosed) {
      try {
        await this.subscribe();
        if (this.isClosed) {
          // Closed while reconnecting: nobody will unlisten this one.
          const leftover = this.unlisten as (() => Promise<void>) | null;
          this.unlisten = null;
          await leftover?.();
          return;
        }
        this.missed = 0;
        this.liveHeard = true;
        this.isListening = true;
        this.log?.info({ channel: DOORBELL_CHANNEL }, 'doorbell: listening again');
        this.wakeAll(); // rings sent while deaf are lost: everyone claims once
        return;
      } catch {
        await sleep(backoffMs);
        backoffMs = Math.min(backoffMs * 2, 5_000);
      }
    }
  }

  private wake(k: string): void {
    const set = this.waiters.get(k);
    if (!set) return;
    this.waiters.delete(k);
    for (const wake of set) wake();
  }

  private wakeAll(): void {
    for (const k of [...this.waiters.keys()]) this.wake(k);
  }

  private ring(payload: string): void {
    if (payload.startsWith('p.')) {
      if (this.pingNonce !== '' && payload === `p.${this.pingNonce}`) this.heard = true;
      if (this.liveNonce !== '' && payload === `p.${this.liveNonce}`) this.liveHeard = true;
      return;
    }
    const body = this.signals.open(DOORBELL_CHANNEL, payload);
    const [endpointTag, queueTag, extra] = body === null ? [] : body.split('.');
    if (!endpointTag || !queueTag || extra !== undefined) {
      this.counts.refused++;
      return;
    }
    this.counts.rings++;
    this.wake(key(endpointTag, queueTag));
    this.wake(key(endpointTag, ANY));
  }

  arm(queue: string | null, endpoint: string): Armed {
    const k = key(this.signals.endpointTag(endpoint), queue === null ? ANY : this.signals.queueTag(endpoint, queue));
    let rung = false;
    let wake: (() => void) | null = null;
    const onRing = () => {
      rung = true;
      this.count--;
      this.pinging();
      wake?.();
    };
    let set = this.waiters.get(k);
    if (!set) this.waiters.set(k, (set = new Set()));
    set.add(onRing);
    this.count++;
    this.pinging();
    const cancel = () => {
      const s = this.waiters.get(k);
      if (s?.delete(onRing)) {
        this.count--;
        if (s.size === 0) this.waiters.delete(k);
        this.pinging();
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

  async waitFor(queue: string | null, signal: AbortSignal | undefined, timeoutMs: number, endpoint: string): Promise<WaitResult> {
    const armed = this.arm(queue, endpoint);
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
    if (this.liveTimer) clearInterval(this.liveTimer);
    this.pinging();
    this.onClose();
    for (const set of this.waiters.values()) for (const wake of set) wake();
    this.waiters.clear();
    await unlisten?.();
  }
}

const bells = new WeakMap<postgres.Sql, Promise<Doorbell>>();

/**
 * The doorbell of a pool: the first call reads the signal key (signalsFor: the pool must hold switchboard_agent) and
 * LISTENs (postgres.js keeps one dedicated connection per pool for all its LISTENs and re-listens after a reconnect),
 * later calls share it. One pool per process means one LISTEN connection per process, however many clients wait.
 */
export function doorbellFor(sql: postgres.Sql, opts: SignalOptions & { log?: BellLog } = {}): Promise<Doorbell> {
  let bell = bells.get(sql);
  if (!bell) {
    bell = (async () => {
      const b = new Bell(await signalsFor(sql, opts), () => bells.delete(sql), urlOfPool(sql), opts.log ?? defaultLog);
      await b.start(sql);
      return b;
    })();
    bell.catch(() => bells.delete(sql));
    bells.set(sql, bell);
  }
  return bell;
}

/**
 * The server's doorbell on its pool, with its settings (SWITCHBOARD_SIGNAL_MAX_AGE_SECONDS) and its logger: the one
 * definition for the server's start and for a long poll that opens it (when the server's own could not LISTEN).
 */
export function serverDoorbell(ctx: { sql: postgres.Sql; config: Pick<Config, 'SWITCHBOARD_SIGNAL_MAX_AGE_SECONDS'>; log: BellLog }): Promise<Doorbell> {
  return doorbellFor(ctx.sql, { maxAgeMs: ctx.config.SWITCHBOARD_SIGNAL_MAX_AGE_SECONDS * 1000, log: ctx.log });
}

export interface LongPollOptions {
  /** The queue claimed from, or null for any of the caller's queues. */
  queue: string | null;
  /** The caller's endpoint: only rings for its todos wake it. */
  endpoint: string;
  /** 0..60: how long to wait for work (at most MAX_WAIT_SECONDS of it); 0 answers at once, as a plain claim_next. */
  waitSeconds: number;
  /** SWITCHBOARD_MAX_WAIT_SECONDS: a longer waitSeconds waits this long (never more than MAX_WAIT_SECONDS). */
  maxWaitSeconds?: number;
  /** The client's cancellation (or its session's end): the wait ends and {"empty": true} is answered. */
  signal?: AbortSignal;
  /** Whose waiter slots this wait takes (the credential's endpoint); with maxWaiters, at most that many at once. */
  holder?: string;
  /** SWITCHBOARD_MAX_WAITERS: beyond it the call answers `throttled` (ThrottledError) instead of waiting. */
  maxWaiters?: number;
  /**
   * SWITCHBOARD_WAITER_CLAIMS_PER_SECOND: after a ring, the wait claims again no sooner than 1/this seconds after the
   * last claim a ring caused, however often it is rung (rings meanwhile are folded into that one claim). Unset: no bound.
   */
  claimsPerSecond?: number;
}

/**
 * The longest a long poll waits, whatever wait_seconds asks: below the MCP SDK client's default request timeout (60 s,
 * DEFAULT_REQUEST_TIMEOUT_MSEC), so the longest wait answers before a client left at its defaults gives up.
 * SWITCHBOARD_MAX_WAIT_SECONDS may lower it (LongPollOptions.maxWaitSeconds).
 */
export const MAX_WAIT_SECONDS = 50;

/**
 * The largest wait_seconds a call may ask for (the tool's schema): 60, what agents were told before the wait was
 * capped, so one written then still gets an answer (at MAX_WAIT_SECONDS) rather than `invalid`.
 */
export const MAX_WAIT_SECONDS_ASKED = 60;

/**
 * claim_next with a wait: claims; when nothing is claimable, waits for the doorbell and claims again, until a
 * todo is claimed, waitSeconds have passed, or the signal aborts, then answers the last claim_next document
 * ({"empty": true}). One claim per ring per waiter and none on a timer: an unrung wait ends at its deadline
 * without claiming again. The waiter is armed before each claim so a todo added in between still wakes it.
 * A claim refused as throttled (the endpoint's claim budget is spent) waits for the next unit when it comes
 * within the wait, and claims again; when it does not, the throttled error is the answer.
 */
export async function claimNextWithWait<D extends Record<string, unknown>>(
  claim: () => Promise<D>,
  doorbell: Doorbell,
  opts: LongPollOptions,
): Promise<D> {
  const waitMs = Math.min(Math.max(opts.waitSeconds, 0), opts.maxWaitSeconds ?? MAX_WAIT_SECONDS, MAX_WAIT_SECONDS) * 1000;
  if (waitMs === 0) return claim();
  const deadline = Date.now() + waitMs;
  const gapMs = opts.claimsPerSecond ? 1000 / opts.claimsPerSecond : 0;
  let release: (() => void) | null = null;
  let rungAt: number | null = null;
  let last: D | null = null;
  try {
    for (;;) {
      const armed = doorbell.arm(opts.queue, opts.endpoint);
      try {
        // A ring's claim waits out the gap since the last ring's claim (never past the deadline): a flood of rings
        // costs each waiter at most claimsPerSecond claims a second; the armed waiter keeps any ring of the gap for
        // the claim after it.
        if (last !== null && rungAt !== null && gapMs > 0) {
          const due = Math.min(rungAt + gapMs, deadline) - Date.now();
          if (due > 0) {
            try {
              await sleep(due, undefined, { signal: opts.signal });
            } catch {
              return last; // the client went away while waiting
            }
            if (doorbell.closed) return last;
          }
        }
        if (last !== null) rungAt = Date.now();
        const doc = await claimOrWaitForUnit(claim, deadline, doorbell, opts.signal);
        if (doc === null) continue;
        if (doc.empty !== true) return doc;
        last = doc;
        const left = deadline - Date.now();
        if (left <= 0 || opts.signal?.aborted || doorbell.closed) return doc;
        // A slot is taken only to wait: a call answered by its first claim never counts against the cap.
        if (!release && opts.holder !== undefined && opts.maxWaiters !== undefined) {
          release = doorbell.hold(opts.holder, opts.maxWaiters);
        }
        const r = await armed.wait(left, opts.signal);
        if (r !== 'rung' || doorbell.closed || opts.signal?.aborted) return doc;
      } finally {
        armed.cancel();
      }
    }
  } finally {
    release?.();
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

/** A bell's state changes go to stderr as one JSON line each when no logger was given. */
const defaultLog: BellLog = {
  info: (o, msg) => process.stderr.write(`${JSON.stringify({ level: 30, ...o, msg })}\n`),
  warn: (o, msg) => process.stderr.write(`${JSON.stringify({ level: 40, ...o, msg })}\n`),
};

/**
 * The LISTEN state of a pool's doorbell: 'none' when it has none (nobody has long-polled yet), else whether it hears.
 * For /healthz and /metrics.
 */
export async function listenState(sql: postgres.Sql): Promise<'none' | 'listening' | 'down'> {
  const bell = bells.get(sql);
  if (!bell) return 'none';
  try {
    return (await bell).listening ? 'listening' : 'down';
  } catch {
    return 'down';
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
