// The credential check at the door: the request's secret (a bearer credential, a session cookie) checked through the
// credential cache before the body is read or anything is done. No secret at all: refused at once, and the
// connection closed (nothing to check, nothing to slow down; a held answer would only keep a connection). A secret
// the database refused: the refusal is held for SWITCHBOARD_HTTP_REFUSAL_DELAY_MS, so a loop of guesses makes one a
// delay per connection, and guessing is slow.
import type { RequestHandler, Request, Response } from 'express';
import type { Check, CredentialCache } from './credentials.js';
import type { FrontDoor } from './door.js';
import type { Refusals } from './refusals.js';

/** What the door hands the surface's handlers in res.locals.credential. */
export interface Authenticated<T> {
  secret: string;
  /** SHA-256 of the secret, hex: the cache key, and what a refusal notice names. */
  digest: string;
  principal: T;
  /** Whether the database answered the check for this request (not the cache). */
  asked: boolean;
}

export interface AuthenticateOptions<T extends object> {
  /** The request's secret, or null when it carries none. */
  read: (req: Request) => string | null;
  cache: CredentialCache<T>;
  refusals: Refusals;
  /** Words for the 401 when no secret was sent, and when it was refused. */
  missing: string;
  refused: string;
  /** A request with no secret goes on unauthenticated (a page that shows the sign-in), instead of a 401. */
  optional?: boolean;
  /** Ask the database whatever the cache holds (the surface's handlers do not check the secret again). */
  fresh?: boolean;
}

/** Sends a refusal after the door's delay, unless the client has gone. */
export function heldRefusal(door: FrontDoor, res: Response, send: () => void): void {
  const delay = door.config.SWITCHBOARD_HTTP_REFUSAL_DELAY_MS;
  const go = () => {
    if (!res.destroyed && !res.headersSent) send();
  };
  if (delay === 0) go();
  else setTimeout(go, delay);
}

export function authenticate<T extends object>(door: FrontDoor, opts: AuthenticateOptions<T>): RequestHandler {
  return async (req, res, next) => {
    const secret = opts.read(req);
    if (secret === null) {
      if (opts.optional) return next();
      res.setHeader('Connection', 'close');
      return opts.refusals.unauthorized(res, opts.missing);
    }
    let check: Check<T>;
    try {
      check = await opts.cache.check(secret, opts.fresh);
    } catch (err) {
      door.log.error({ err }, 'credential check failed');
      return opts.refusals.unavailable(res);
    }
    if ('full' in check) {
      const { running, queued } = door.checks.limits;
      return door.refuse(
        'credential_checks',
        opts.refusals,
        res,
        `the server is checking as many unknown credentials as it may at once (SWITCHBOARD_HTTP_AUTH_CHECKS ${running}, ` +
          `SWITCHBOARD_HTTP_AUTH_QUEUE ${queued}); retry shortly`,
        1,
      );
    }
    if ('refused' in check) return heldRefusal(door, res, () => opts.refusals.unauthorized(res, opts.refused, 'invalid_token'));
    const authenticated: Authenticated<T> = { secret, digest: check.digest, principal: check.ok, asked: check.asked };
    res.locals.credential = authenticated;
    next();
  };
}

/** The credential the door accepted for this request (set by authenticate). */
export function authenticated<T>(res: Response): Authenticated<T> {
  return res.locals.credential as Authenticated<T>;
}
