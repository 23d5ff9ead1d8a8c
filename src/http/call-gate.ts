// Per-key admission and concurrency: at most `running` calls of one key (a credential) at a time, at most `queued`
// more admitted and waiting, a request admitted for all its calls at once or refused after its wait. No library
// found admits a batch of calls as one within a timed wait, which is what keeps a batch from taking the pool.
import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { FrontDoor } from './door.js';
import { onClose } from './on-close.js';
import { gone, type Refusals } from './refusals.js';

/** Whether a call was cancelled, and why: what an AbortSignal says, and what can say it without being one. */
export interface Cancelled {
  readonly aborted: boolean;
  readonly reason?: unknown;
}

interface Lane {
  /** Call slots admitted (running + waiting), across the requests that hold them. */
  admitted: number;
  running: number;
  /** Calls admitted and waiting for a running slot, first come first served. */
  ready: (() => void)[];
  /** Requests waiting for admission, woken when slots free up. */
  knocking: Set<() => void>;
}

export interface GateLimits {
  /** Concurrent database calls per credential. */
  running: number;
  /** Calls per credential admitted beyond those, waiting their turn. */
  queued: number;
  /** How long a request waits for admission before it is refused (429). */
  waitMs: number;
}

/**
 * Admission and execution per key (the endpoint a credential names). A request is admitted for all the tool
 * calls it carries (a JSON-RPC batch counts call by call) or, after waiting up to waitMs for room, refused; each
 * admitted call then runs its database call when fewer than `running` of that key's calls are running.
 */
export class CallGate {
  private readonly lanes = new Map<string, Lane>();

  constructor(readonly limits: GateLimits) {}

  private lane(key: string): Lane {
    let l = this.lanes.get(key);
    if (!l) {
      l = { admitted: 0, running: 0, ready: [], knocking: new Set() };
      this.lanes.set(key, l);
    }
    return l;
  }

  private drop(key: string, l: Lane): void {
    if (l.admitted === 0 && l.running === 0 && l.ready.length === 0 && l.knocking.size === 0) this.lanes.delete(key);
  }

  /**
   * Admits `calls` calls of `key`: resolves to a release function (call it once, when the request is answered),
   * or null when there was no room within waitMs (or ever: a batch larger than running + queued).
   */
  async admit(key: string, calls: number): Promise<(() => void) | null> {
    const capacity = this.limits.running + this.limits.queued;
    if (calls > capacity) return null;
    const l = this.lane(key);
    const deadline = Date.now() + this.limits.waitMs;
    while (l.admitted + calls > capacity) {
      const left = deadline - Date.now();
      if (left <= 0) {
        this.drop(key, l);
        return null;
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          l.knocking.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        l.knocking.add(wake);
      });
    }
    l.admitted += calls;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      l.admitted -= calls;
      for (const wake of [...l.knocking]) wake();
      this.drop(key, l);
    };
  }

  /**
   * Runs one database call of `key` when fewer than `running` of its calls run. A call whose `signal` has aborted
   * by its turn (its client went away while it waited) is not run: it passes the slot on and throws the reason.
   * `signal` is an AbortSignal or anything that says as much without being one (an MCP call's, made only if needed).
   */
  async run<T>(key: string, fn: () => Promise<T>, signal?: Cancelled): Promise<T> {
    const l = this.lane(key);
    if (l.running >= this.limits.running) await new Promise<void>((resolve) => l.ready.push(resolve));
    else l.running++;
    try {
      if (signal?.aborted) throw signal.reason;
      return await fn();
    } finally {
      const next = l.ready.shift();
      // The slot passes straight to the next waiting call; `running` stays the same.
      if (next) next();
      else {
        l.running--;
        this.drop(key, l);
      }
    }
  }

  /** Calls running and admitted for a key (for tests and metrics). */
  load(key: string): { running: number; admitted: number } {
    const l = this.lanes.get(key);
    return { running: l?.running ?? 0, admitted: l?.admitted ?? 0 };
  }
}

/**
 * Admits `calls` database calls of `key` for the request (0 lets it through): true, their slots given back when it is
 * answered; false when it was refused (429 after the wait) or its client has gone.
 */
export async function admitFor<R extends ServerResponse>(
  door: FrontDoor,
  refusals: Refusals<R>,
  res: R,
  key: string,
  calls: number,
): Promise<boolean> {
  if (calls === 0) return true;
  const gate = door.calls;
  const release = await gate.admit(key, calls);
  if (!release) {
    door.refuse(
      'calls_per_credential',
      refusals,
      res,
      `this credential has as many calls running and queued as it may (SWITCHBOARD_HTTP_CALLS_PER_CREDENTIAL ` +
        `${gate.limits.running}, SWITCHBOARD_HTTP_QUEUE_PER_CREDENTIAL ${gate.limits.queued}); retry shortly`,
      1,
    );
    return false;
  }
  onClose(res, release);
  if (gone(res)) {
    release();
    return false;
  }
  return true;
}

/**
 * Admits the database calls a request carries (`count`: 0 lets it through) against its credential's share
 * (`keyOf`), or refuses it with 429 after the wait; the calls' slots are given back when it is answered.
 */
export function admitCalls(
  door: FrontDoor,
  refusals: Refusals,
  keyOf: (res: Response) => string,
  count: (req: Request) => number,
): RequestHandler {
  return async (req, res, next) => {
    if (await admitFor(door, refusals, res, keyOf(res), count(req))) next();
  };
}
