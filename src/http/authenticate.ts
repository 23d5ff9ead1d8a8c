// The credential check at the door: the request's secret (a bearer credential, a session cookie) checked through the
// credential cache before the body is read or anything is done. No secret at all: refused at once, and the
// connection closed (nothing to check, nothing to slow down; a held answer would only keep a connection). A secret
// the database refused: the refusal is held for SWITCHBOARD_HTTP_REFUSAL_DELAY_MS, so a loop of guesses makes one a
// delay per connection, and guessing is slow.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Request, Response } from 'express';
import type { Check, CredentialCache } from './credentials.js';
import type { DoorConfig, FrontDoor } from './door.js';
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

export interface AuthenticateOptions<T extends object, Q extends IncomingMessage = Request, R extends ServerResponse = Response> {
  /** The request's secret, or null when it carries none. */
  read: (req: Q) => string | null;
  cache: CredentialCache<T>;
  refusals: Refusals<R>;
  /** Words for the 401 when no secret was sent, and when it was refused. */
  missing: string;
  refused: string;
  /** A request with no secret goes on unauthenticated (a page that shows the sign-in), instead of a 401. */
  optional?: boolean;
  /** Ask the database whatever the cache holds (the surface's handlers do not check the secret again). */
  fresh?: boolean;
}

/** Sends a refusal after the door's delay (at once when it is 0), unless the client has gone. */
export function heldRefusal(
  door: { config: Pick<DoorConfig, 'SWITCHBOARD_HTTP_REFUSAL_DELAY_MS'>; hold: FrontDoor['hold'] },
  res: ServerResponse,
  send: () => void,
): void {
  const delay = door.config.SWITCHBOARD_HTTP_REFUSAL_DELAY_MS;
  const go = () => {
    if (!res.destroyed && !res.headersSent) send();
  };
  if (delay === 0) go();
  else door.hold(go, delay);
}

/**
 * The check itself, on node:http's request and response (/mcp is served without Express): the credential accepted,
 * or null when the request was refused (answered, or its refusal held), or undefined when it carries no secret and
 * `opts.optional` lets it go on.
 */
export async function checkCredential<T extends object, Q extends IncomingMessage, R extends ServerResponse>(
  door: FrontDoor,
  opts: AuthenticateOptions<T, Q, R>,
  req: Q,
  res: R,
): Promise<Authenticated<T> | null | undefined> {
  const secret = opts.read(req);
  if (secret === null) {
    if (opts.optional) return undefined;
    res.setHeader('Connection', 'close');
    opts.refusals.unauthorized(res, opts.missing);
    return null;
  }
  if (!opts.fresh) {
    const hit = opts.cache.cached(secret);
    if (hit) return { secret, digest: hit.digest, principal: hit.ok, asked: false };
  }
  let check: Check<T>;
  try {
    check = await opts.cache.check(secret, opts.fresh);
  } catch (err) {
    door.log.error({ err }, 'credential check failed');
    opts.refusals.unavailable(res);
    return null;
  }
  if ('full' in check) {
    const { running, queued } = door.checks.limits;
    door.refuse(
      'credential_checks',
      opts.refusals,
      res,
      `the server is checking as many unknown credentials as it may at once (SWITCHBOARD_HTTP_AUTH_CHECKS ${running}, ` +
        `SWITCHBOARD_HTTP_AUTH_QUEUE ${queued}); retry shortly`,
      1,
    );
    return null;
  }
  if ('refused' in check) {
    heldRefusal(door, res, () => opts.refusals.unauthorized(res, opts.refused, 'invalid_token'));
    return null;
  }
  return { secret, digest: check.digest, principal: check.ok, asked: check.asked };
}

export function authenticate<T extends object>(door: FrontDoor, opts: AuthenticateOptions<T>): RequestHandler {
  return async (req, res, next) => {
    const authenticated = await checkCredential(door, opts, req, res);
    if (authenticated === null) return;
    if (authenticated !== undefined) res.locals.credential = authenticated;
    next();
  };
}

/** The credential the door accepted for this request (set by authenticate). */
export function authenticated<T>(res: Response): Authenticated<T> {
  return res.locals.credential as Authenticated<T>;
}
