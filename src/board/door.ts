// The Board behind the front door (src/http/): the client address's share; the session cookie checked through a
// credential cache (cookies never seen valid wait in the door's lane for unknown credentials, and a refused one is
// answered after the refusal delay); the signed-in owner's request rate; and the form body within the bytes in
// flight. Refusals are pages, not JSON. Without a door (a Router mounted on its own, in tests) every check is made
// directly.
import express, { type Request, type RequestHandler, type Response } from 'express';
import { toCallerError } from '../errors.js';
import { authenticate, authenticated, heldRefusal } from '../http/authenticate.js';
import { boundedBody } from '../http/body.js';
import { CredentialCache, inLane } from '../http/credentials.js';
import type { FrontDoor } from '../http/door.js';
import type { Refusals } from '../http/refusals.js';
import { paced } from '../http/request-rate.js';
import { perAddress } from '../http/source-share.js';
import type { Html } from './html.js';
import type { boardLedger, OwnerSession, SignIn } from './ledger.js';
import { errorBanner, signInRequiredBody } from './pages.js';

/** The form bodies the Board reads (sign-in, actions with a result of up to 256 KiB). */
export const BOARD_BODY_LIMIT = 400 * 1024;

type Page = (res: Response, status: number, title: string, body: Html) => void;

/** Refusals as Board pages. */
export function pageRefusals(page: Page): Refusals {
  return {
    unauthorized: (res) => page(res, 401, 'Sign in', signInRequiredBody()),
    throttled: (res, message) => page(res, 429, 'Too many requests', errorBanner({ kind: 'throttled', message: `throttled: ${message}`, hint: '' })),
    badBody: (res, status) =>
      page(res, status, 'Bad request', errorBanner({ kind: 'invalid', message: 'the request was too large or malformed', hint: '' })),
    unavailable: (res) => page(res, 503, 'Unavailable', errorBanner({ kind: 'internal', message: 'the database did not answer', hint: 'Try again shortly.' })),
  };
}

export interface BoardDoor {
  /** The middlewares every /board request passes, in order. */
  middlewares: RequestHandler[];
  /** The session the door checked for this request, or null (no cookie, or no door: the handler checks). */
  checked(res: Response): (OwnerSession & { secret: string }) | null;
  /** A sign-in token checked in the lane for unknown credentials; `full` when there was no room. */
  signIn(token: string): Promise<{ ok: SignIn } | { full: true }>;
  /** Answers a refused sign-in after the refusal delay. */
  refuseLater(res: Response, send: () => void): void;
}

export function boardDoor(
  door: FrontDoor | undefined,
  ledger: ReturnType<typeof boardLedger>,
  page: Page,
  readSession: (req: Request) => string | null,
): BoardDoor {
  const parse = express.urlencoded({ extended: false, limit: BOARD_BODY_LIMIT });
  if (!door) {
    return {
      middlewares: [parse],
      checked: () => null,
      signIn: async (token) => ({ ok: await ledger.signIn(token) }),
      refuseLater: (_res, send) => send(),
    };
  }
  const refusals = pageRefusals(page);
  const sessions = new CredentialCache<OwnerSession>({
    check: async (secret) => {
      try {
        return await ledger.session(secret);
      } catch (err) {
        if (['forbidden', 'invalid'].includes(toCallerError(err).kind)) return null;
        throw err;
      }
    },
    lane: door.checks,
    ttlMs: door.config.SWITCHBOARD_HTTP_CREDENTIAL_CACHE_SECONDS * 1000,
    max: door.config.SWITCHBOARD_HTTP_CREDENTIAL_CACHE_MAX,
  });
  const signedIn = (res: Response) => res.locals.credential !== undefined;
  const rate = paced(door, refusals, (res) => `board:${authenticated<OwnerSession>(res).principal.owner_id}`);
  return {
    middlewares: [
      perAddress(door, refusals),
      // Every request is checked in the database (the pages show what the session may see now); the cache only
      // tells a cookie seen valid from one never seen, and shares one check among requests that carry it at once.
      authenticate(door, { read: readSession, cache: sessions, refusals, missing: 'sign in', refused: 'sign in', optional: true, fresh: true }),
      (req, res, next) => (signedIn(res) ? rate(req, res, next) : next()),
      ...boundedBody(door, refusals, BOARD_BODY_LIMIT, parse),
    ],
    checked: (res) => {
      if (!signedIn(res)) return null;
      const c = authenticated<OwnerSession>(res);
      return { ...c.principal, secret: c.secret };
    },
    signIn: (token) => inLane(door.checks, () => ledger.signIn(token)),
    refuseLater: (res, send) => heldRefusal(door, res, send),
  };
}
