// Per-credential request rate (rate-limiter-flexible's in-memory limiter and its queue): past its rate a request
// waits its turn among a few others of the same credential; past those it is refused, and the refusal is held until
// a request would have gone (at most the wait) rather than sent at once. An instant 429 is as cheap for the loop that
// sends the next request as an answer, so a loop refused at once would keep the event loop as busy as before.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { RateLimiterMemory, RateLimiterQueue } from 'rate-limiter-flexible';
import type { FrontDoor } from './door.js';
import { gone, type Refusals } from './refusals.js';

export interface RateLimits {
  /** Requests per second one key may make on average. */
  perSecond: number;
  /** Requests one key may make at once: the limiter's window holds this many, and lasts burst / perSecond seconds. */
  burst: number;
  /** Requests of one key waiting their turn; one more is refused. */
  queued: number;
  /** The longest a refusal is held. */
  waitMs: number;
}

export type Turn = { ok: true } | { ok: false; retryAfterMs: number };

export class RequestRate {
  private readonly limiter: RateLimiterMemory;
  private readonly queue: RateLimiterQueue;

  constructor(readonly limits: RateLimits) {
    this.limiter = new RateLimiterMemory({ points: limits.burst, duration: limits.burst / limits.perSecond });
    this.queue = new RateLimiterQueue(this.limiter, { maxQueueSize: limits.queued });
  }

  /** Takes `cost` of `key`'s requests: resolves when they may go, waiting their turn, or with a refusal. */
  async take(key: string, cost = 1): Promise<Turn> {
    try {
      await this.queue.removeTokens(cost, key);
      return { ok: true };
    } catch {
      const res = await this.limiter.get(key);
      return { ok: false, retryAfterMs: Math.max(1, res?.msBeforeNext ?? 1000) };
    }
  }
}

/** Bytes of body one request's unit of the rate covers: a larger body costs one more unit per this many bytes. */
export const BYTES_PER_REQUEST_UNIT = 64 * 1024;

/**
 * What a request costs of its credential's rate: one, and one more for every 64 KiB of body it announces, so a
 * credential sending large bodies gets as many bytes parsed a second as its rate allows, not as many requests.
 */
export function requestCost(req: IncomingMessage): number {
  const length = Number(req.headers['content-length'] ?? 0);
  return 1 + (Number.isFinite(length) && length > 0 ? Math.floor(length / BYTES_PER_REQUEST_UNIT) : 0);
}

/**
 * Takes the request's turn of `key`'s rate: true when it may go on; false when its client has gone or it was refused
 * (the refusal held until a request would have gone, at most the wait).
 */
export async function pace<R extends ServerResponse>(
  door: FrontDoor,
  refusals: Refusals<R>,
  req: IncomingMessage,
  res: R,
  key: string,
): Promise<boolean> {
  const rate = door.rate;
  const turn = await rate.take(key, requestCost(req));
  if (gone(res)) return false;
  if (turn.ok) return true;
  const { perSecond, burst, queued } = rate.limits;
  const holdMs = Math.min(turn.retryAfterMs, rate.limits.waitMs);
  setTimeout(
    () =>
      door.refuse(
        'request_rate',
        refusals,
        res,
        `this credential is making requests faster than it may (SWITCHBOARD_HTTP_REQUESTS_PER_SECOND ${perSecond}, ` +
          `SWITCHBOARD_HTTP_REQUEST_BURST ${burst}, SWITCHBOARD_HTTP_QUEUE_PER_CREDENTIAL ${queued} ` +
          'waiting); retry after the Retry-After seconds',
        (turn.retryAfterMs - holdMs) / 1000,
      ),
    holdMs,
  );
  return false;
}

/**
 * The rate of the credential the request authenticated as (`keyOf`), after authentication: the key is whatever the
 * credential names (an endpoint, an owner's session), whichever of its credentials was presented.
 */
export function paced(door: FrontDoor, refusals: Refusals, keyOf: (res: Response) => string): RequestHandler {
  return (req, res, next) => {
    void pace(door, refusals, req, res, keyOf(res)).then((go) => go && next());
  };
}
