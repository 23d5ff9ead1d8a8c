// The Board: an express Router serving the owners' web page under /board (sign-in, queues, todos, the todo
// drawer with every attempt and its timeline, activity, and the owner's actions), server-rendered HTML.
import { type NextFunction, type Request, type Response, Router } from 'express';
import type { Sql } from '../db.js';
import type { FrontDoor } from '../http/door.js';
import { toCallerError, type CallerError } from '../errors.js';
import { safeError } from '../log.js';
import { type Html, html, layout } from './html.js';
import { createAdminLedger } from '../ledger.js';
import { boardLedger, type OwnerSession, type Signed } from './ledger.js';
import { boardDoor } from './door.js';

/** A signed-in request: its session document plus the secrets the Board's entry points take. */
type Viewer = OwnerSession & Signed;
import {
  activityBody,
  errorBanner,
  loginConfirmBody,
  loginFailedBody,
  loginUnnamedBody,
  notFoundBody,
  queuesBody,
  signedOutBody,
  signInRequiredBody,
  todoBody,
  todosBody,
} from './pages.js';
import { endpointsBody, presenceBanner } from './presence.js';
import { BOARD_CSS } from './style.js';
import { teamRoutes } from './team-routes.js';
import { field, first, STATUS, UUID } from './form.js';

export const BOARD_PATH = '/board';
export const SESSION_COOKIE = 'sb_board_session';

/** The slice of a pino logger the Board uses. */
export interface BoardLogger {
  error(obj: object, msg?: string): void;
}

export interface BoardOptions {
  sql: Sql;
  logger?: BoardLogger;
  /** The Board's public origin (e.g. https://switchboard.example). Sets Secure on the cookie when https, and is
   * the only Origin a sign-in or form POST is accepted from; without it, the request's own Host is expected. */
  baseUrl?: string;
  /** SWITCHBOARD_TRUST_PROXY: believe X-Forwarded-Proto (https: Secure cookie, an https origin expected). */
  trustProxy?: boolean;
  /** The server's front door: the Board's requests are bounded by it (src/board/door.ts). */
  door?: FrontDoor;
}

/**
 * Mints a one-time sign-in link for an owner (`switchboard owner login <handle>`), on an admin connection: the Board's
 * own role cannot mint them. The token is in the URL only.
 */
export async function createLoginUrl(sql: Sql, handle: string, baseUrl: string): Promise<string> {
  const t = await createAdminLedger(sql).loginToken(handle);
  const q = new URLSearchParams({ token: t.login_token, as: t.handle });
  return `${baseUrl.replace(/\/+$/, '')}${BOARD_PATH}/login?${q}`;
}


// A Map, not an object literal: `?did=constructor` must find nothing rather than Object's own constructor.
const DONE_TEXT = new Map<string, string>([
  ['retry', 'Retried: the todo is pending and claimable now.'],
  ['cancel', 'Canceled.'],
  ['claim', 'Claimed: you hold the lease from the Board.'],
  ['extend', 'Lease extended.'],
  ['release', 'Released: the todo is back to pending.'],
  ['complete', 'Completed.'],
  ['fail', 'Failed: the attempt is closed with your summary.'],
]);


/** A cookie's value, or null when absent or malformed (a bad percent-escape is a signed-out visitor, not a 500). */
function readCookie(req: Request, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim()) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** A session cookie the database refused as forbidden or malformed (invalid): the visitor is signed out. */
const signedOut = (err: unknown): boolean => ['forbidden', 'invalid'].includes(toCallerError(err).kind);

/** What every route of the Board uses: its ledger, page renderer, signed-in checks; registers the headers and the door. */
function boardKit(opts: BoardOptions, router: Router) {
  const ledger = boardLedger(opts.sql);
  const log = opts.logger;
  const publicHttps = (opts.baseUrl ?? '').startsWith('https:');
  // The scheme the browser used: the public URL's, else the trusted proxy's X-Forwarded-Proto, else our own.
  const scheme = (req: Request): string => {
    if (opts.trustProxy) {
      const p = String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim().toLowerCase();
      if (p === 'https' || p === 'http') return p;
    }
    return req.protocol;
  };
  const secureCookie = (req: Request): boolean => publicHttps || scheme(req) === 'https';
  const B = BOARD_PATH;

  router.use(B, (_req, res, next) => {
    res.set({
      'Content-Security-Policy':
        "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    });
    next();
  });
  const page = (res: Response, status: number, title: string, body: Html, session?: OwnerSession) =>
    res.status(status).type('html').send(layout({ title, body, session, base: B }));
  const gate = boardDoor(opts.door, ledger, page, (req) => readCookie(req, SESSION_COOKIE));
  router.use(B, ...gate.middlewares);

  const internal = (res: Response, err: unknown, session?: OwnerSession) => {
    log?.error({ err: safeError(err) }, 'board: request failed');
    page(res, 500, 'Error', errorBanner({ kind: 'internal', message: 'internal error', hint: 'Try again; if it persists, tell the operator.' }), session);
  };

  const sameOrigin = (req: Request): boolean => {
    const origin = req.get('origin');
    // SameSite=Strict and the CSRF token carry the check for clients that send no Origin. Referrer-Policy is
    // same-origin rather than no-referrer because under no-referrer a browser sends `Origin: null` on our own forms.
    if (!origin) return true;
    const expected = opts.baseUrl ? new URL(opts.baseUrl).origin : `${scheme(req)}://${req.get('host')}`;
    return origin === expected;
  };

  /** The signed-in owner for a page view, or null (answered with the sign-in page). */
  async function viewer(req: Request, res: Response): Promise<Viewer | null> {
    const checked = gate.checked(res);
    if (checked) return checked;
    const secret = readCookie(req, SESSION_COOKIE);
    if (secret) {
      try {
        return { ...(await ledger.session(secret)), secret };
      } catch (err) {
        if (!signedOut(err)) throw err;
      }
    }
    page(res, 401, 'Sign in', signInRequiredBody());
    return null;
  }

  /** The signed-in owner for a state-changing POST: the session and its CSRF token, or a 401/403 page. */
  async function writer(req: Request, res: Response): Promise<Viewer | null> {
    const secret = readCookie(req, SESSION_COOKIE);
    if (!secret) {
      page(res, 401, 'Sign in', signInRequiredBody());
      return null;
    }
    if (!sameOrigin(req)) {
      page(res, 403, 'Forbidden', errorBanner({ kind: 'forbidden', message: 'this form was sent from another site', hint: '' }));
      return null;
    }
    try {
      const csrf = field(req.body, 'csrf') ?? '';
      return { ...(await ledger.session(secret, csrf, true)), secret, csrf };
    } catch (err) {
      const e = toCallerError(err);
      if (!signedOut(err)) throw err;
      page(res, 403, 'Forbidden', html`${errorBanner(e)}<p><a href="${B}">Back to the Board</a></p>`);
      return null;
    }
  }

  /** The drawer, with an optional banner; the same not-found page for an unknown, foreign or malformed id. */
  async function renderTodo(res: Response, s: Viewer, id: string, status: number, banner: Html | null) {
    if (!UUID.test(id)) return page(res, 404, 'Not found', notFoundBody(B, id), s);
    try {
      const t = await ledger.todo(s, id);
      page(res, status, t.title ?? 'Todo', todoBody(B, t, s.csrf_token, banner, Date.now(), s.handle), s);
    } catch (err) {
      if (toCallerError(err).kind !== 'not_found') throw err;
      page(res, 404, 'Not found', notFoundBody(B, id), s);
    }
  }

  return { B, ledger, page, gate, internal, sameOrigin, secureCookie, viewer, writer, renderTodo };
}

export type Kit = ReturnType<typeof boardKit>;

/** Sign-in, sign-out, and the two files every page asks for. */
function signInRoutes(router: Router, k: Kit): void {
  const { B, ledger, page, gate, internal, sameOrigin, secureCookie, writer } = k;
  // Browsers ask every origin for /favicon.ico; the Board has no icon, and says so without a 404 in the log.
  router.get('/favicon.ico', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=86400').status(204).end();
  });

  router.get(`${B}/static/board.css`, (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('css').send(BOARD_CSS);
  });

  // The link from `switchboard owner login` only shows a button: following a link (or a chat app unfurling it)
  // must not spend the token or change anything. The POST signs in.
  router.get(`${B}/login`, (req, res) => {
    const token = first(req.query.token);
    const as = first(req.query.as);
    if (token) return as ? page(res, 200, `Sign in as ${as}`, loginConfirmBody(B, token, as)) : page(res, 200, 'Sign in', loginUnnamedBody());
    if (first(req.query.signed_out)) return page(res, 200, 'Signed out', signedOutBody(B));
    return page(res, 200, 'Sign in', signInRequiredBody());
  });

  router.post(`${B}/login`, async (req, res) => {
    if (!sameOrigin(req)) {
      return page(res, 403, 'Forbidden', errorBanner({ kind: 'forbidden', message: 'this sign-in was sent from another site', hint: '' }));
    }
    try {
      const signIn = await gate.signIn(field(req.body, 'token') ?? '');
      if ('full' in signIn) {
        res.set('Retry-After', '1');
        return page(res, 429, 'Too many requests', errorBanner({ kind: 'throttled', message: 'throttled: too many sign-ins are being checked at once (SWITCHBOARD_HTTP_AUTH_CHECKS); try again shortly', hint: '' }));
      }
      const s = signIn.ok;
      // The confirm page named an account (from the link); a token for any other account is refused, its session
      // closed at once, so the page never signs a browser into someone other than who it said.
      const as = field(req.body, 'as');
      if (as === null || as.toLowerCase() !== s.handle.toLowerCase()) {
        await ledger.signOut(s.session_secret);
        return page(res, 403, 'Sign-in failed', loginFailedBody('forbidden: this sign-in link is not for the account it names',
          'Run `switchboard owner login <handle>` for a new link, and open it as printed.'));
      }
      res.cookie(SESSION_COOKIE, s.session_secret, {
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookie(req),
        path: B,
        expires: new Date(s.expires_at),
      });
      res.redirect(303, B);
    } catch (err) {
      const e = toCallerError(err);
      if (e.kind !== 'forbidden') return internal(res, err);
      // After the refusal delay: a loop of guessed tokens makes one guess a delay per connection.
      gate.refuseLater(res, () => page(res, 403, 'Sign-in failed', loginFailedBody(e.message, e.hint)));
    }
  });

  router.post(`${B}/logout`, async (req, res) => {
    try {
      if (!(await writer(req, res))) return;
      await ledger.signOut(readCookie(req, SESSION_COOKIE) ?? '');
      res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure: secureCookie(req), path: B });
      res.redirect(303, `${B}/login?signed_out=1`);
    } catch (err) {
      internal(res, err);
    }
  });

}

// A Map, not an object literal (as DONE_TEXT): `?did=constructor` finds nothing.
const QUEUE_DONE = new Map<string, string>([
  ['paused', 'Paused: nothing is claimed from the queue until it is resumed.'],
  ['resumed', 'Resumed: the queue is claimable again.'],
  ['limits', 'Limits saved.'],
  ['retried', "Retried the queue's dead letters: they are pending and claimable now."],
  ['retried_more', 'Retried as many dead letters as one press may (the setting retry_dead_letters_max); more remain: press Retry all again.'],
  ['retried_none', 'No dead letters were left to retry in that queue.'],
  ['canceled', "Canceled the queue's unfinished todos."],
  ['canceled_more', 'Canceled as many todos as one press may (the setting cancel_queue_max); more remain: press Cancel all again.'],
  ['canceled_none', 'No unfinished todos were left to cancel in that queue.'],
]);

/** The Queues page, with a notice above the table; the viewer controls its personal queues and its admin teams'. */
async function queuesPage(k: Kit, res: Response, s: Viewer, status: number, banner: Html | null): Promise<void> {
  const [q, a, t] = await Promise.all([k.ledger.queues(s), k.ledger.activity(s, 15), k.ledger.teams(s)]);
  const adminOf = new Set(t.teams.filter((x) => x.role === 'admin').map((x) => x.id));
  k.page(res, status, 'Queues', queuesBody(k.B, q.queues, a.activity, s.csrf_token, { adminOf, banner }), s);
}

/** A whole number as a form sends it, or null for an empty field; undefined when it is not one (refused as invalid). */
function limitField(body: unknown, name: string): number | null | undefined {
  const v = field(body, name)?.trim() ?? null;
  if (v === null) return null;
  return /^[0-9]{1,9}$/.test(v) ? Number(v) : undefined;
}

/**
 * A queue's controls from the Queues page: Pause, Resume, its limits (an empty field lifts one), Retry all of its dead
 * letters and Cancel all of its unfinished todos (one batch each, the most one call takes; the notice says when more
 * remain). One SQL call each, then back to the page with what it did; a refusal (invalid, forbidden, not_found) is
 * shown on the page, with its status, and changes nothing.
 */
function queueRoutes(router: Router, k: Kit): void {
  const { B, ledger, internal, writer } = k;
  // `did` names the notice the page shows after it, or reads it from what the call answered.
  const control = (path: string, did: string | ((doc: Record<string, unknown>) => string),
                   act: (s: Viewer, queue: string, team: string | null, body: unknown) => Promise<Record<string, unknown>>) =>
    router.post(`${B}/queues/${path}`, async (req, res) => {
      let s: Viewer | null = null;
      try {
        if (!(s = await writer(req, res))) return;
        const queue = field(req.body, 'queue') ?? '';
        const team = field(req.body, 'team_id');
        let refused: CallerError | null = null;
        let doc: Record<string, unknown> = {};
        try {
          if (team !== null && !UUID.test(team)) {
            refused = { kind: 'not_found', message: `not_found: no team ${team}`, hint: '' };
          } else {
            doc = await act(s, queue, team, req.body);
          }
        } catch (err) {
          refused = toCallerError(err);
          if (refused.kind === 'internal') throw err;
        }
        if (!refused) return res.redirect(303, `${B}?did=${typeof did === 'string' ? did : did(doc)}`);
        await queuesPage(k, res, s, STATUS[refused.kind], errorBanner(refused));
      } catch (err) {
        internal(res, err, s ?? undefined);
      }
    });
  control('pause', 'paused', (s, queue, team) => ledger.pauseQueue(s, queue, team));
  control('resume', 'resumed', (s, queue, team) => ledger.resumeQueue(s, queue, team));
  control('limits', 'limits', (s, queue, team, body) => {
    const maxClaimed = limitField(body, 'max_claimed');
    const perMinute = limitField(body, 'claims_per_minute');
    if (maxClaimed === undefined || perMinute === undefined) {
      throw Object.assign(new Error('invalid: max_claimed and claims_per_minute are whole numbers (empty: no limit)'), { code: 'SB422' });
    }
    return ledger.setQueueLimits(s, queue, maxClaimed, perMinute, team);
  });
  control('retry-dead-letters', (doc) => (doc.more ? 'retried_more' : doc.retried ? 'retried' : 'retried_none'),
    (s, queue, team) => ledger.retryDeadLetters(s, queue, team));
  control('cancel-all', (doc) => (doc.more ? 'canceled_more' : doc.canceled ? 'canceled' : 'canceled_none'),
    (s, queue, team) => ledger.cancelQueue(s, queue, team));
}

/** The pages: queues, activity, todos, a todo's drawer. */
function pageRoutes(router: Router, k: Kit): void {
  const { B, ledger, page, internal, viewer, renderTodo } = k;
  router.get(B, async (req, res) => {
    let s: Viewer | null = null;
    try {
      if (!(s = await viewer(req, res))) return;
      const done = QUEUE_DONE.get(first(req.query.did) ?? '');
      await queuesPage(k, res, s, 200, done ? html`<div class="banner ok" role="status">${done}</div>` : null);
    } catch (err) {
      internal(res, err, s ?? undefined);
    }
  });

  router.get(`${B}/activity`, async (req, res) => {
    let s: Viewer | null = null;
    try {
      if (!(s = await viewer(req, res))) return;
      const a = await ledger.activity(s, 100);
      page(res, 200, 'Activity', activityBody(B, a.activity), s);
    } catch (err) {
      internal(res, err, s ?? undefined);
    }
  });

  router.get(`${B}/todos`, async (req, res) => {
    let s: Viewer | null = null;
    try {
      if (!(s = await viewer(req, res))) return;
      const dl = first(req.query.dead_letter);
      const filter = {
        queue: first(req.query.queue) || null,
        state: first(req.query.state) || null,
        deadLetter: dl === 'true' ? true : dl === 'false' ? false : null,
        cursor: first(req.query.cursor) || null,
      };
      try {
        const [list, q] = await Promise.all([ledger.todos(s, { ...filter, pageSize: 25 }), ledger.queues(s)]);
        page(res, 200, 'Todos', todosBody(B, { todos: list.todos, nextCursor: list.next_cursor, queues: [...new Set(q.queues.map((x) => x.queue))], filter }), s);
      } catch (err) {
        const e = toCallerError(err);
        if (e.kind !== 'invalid') throw err;
        page(res, 422, 'Todos', html`${errorBanner(e)}<p><a href="${B}/todos">All todos</a></p>`, s);
      }
    } catch (err) {
      internal(res, err, s ?? undefined);
    }
  });

  router.get(`${B}/todos/:id`, async (req, res) => {
    let s: Viewer | null = null;
    try {
      if (!(s = await viewer(req, res))) return;
      const did = first(req.query.did);
      const done = did ? DONE_TEXT.get(did) : undefined;
      const banner = done ? html`<div class="banner ok" role="status">${done}</div>` : null;
      await renderTodo(res, s, req.params.id, 200, banner);
    } catch (err) {
      internal(res, err, s ?? undefined);
    }
  });

}

/** The owner's endpoints: presence and default queue. */
function endpointRoutes(router: Router, k: Kit): void {
  const { B, ledger, page, internal, viewer, writer } = k;
  router.get(`${B}/endpoints`, async (req, res) => {
    let s: Viewer | null = null;
    try {
      if (!(s = await viewer(req, res))) return;
      const list = await ledger.endpoints(s);
      const did = first(req.query.did);
      const banner =
        first(req.query.saved) === '1'
          ? html`<div class="banner ok" role="status">Default queue saved.</div>`
          : did === 'in' || did === 'out'
            ? presenceBanner(did === 'in', null)
            : null;
      page(res, 200, 'Endpoints', endpointsBody(B, list, s.csrf_token, banner), s);
    } catch (err) {
      internal(res, err, s ?? undefined);
    }
  });

  router.post(`${B}/endpoints/:id/default-queue`, async (req, res) => {
    let s: Viewer | null = null;
    const { id } = req.params;
    try {
      if (!(s = await writer(req, res))) return;
      const queue = field(req.body, 'queue')?.trim() || null;
      try {
        if (!UUID.test(id)) throw Object.assign(new Error(`not_found: no endpoint ${id} in this scope`), { code: 'SB404' });
        await ledger.setDefaultQueue(s, id, queue);
      } catch (err) {
        const e = toCallerError(err);
        if (e.kind === 'internal') throw err;
        const list = await ledger.endpoints(s);
        return page(res, STATUS[e.kind], 'Endpoints', endpointsBody(B, list, s.csrf_token, errorBanner(e)), s);
      }
      res.redirect(303, `${B}/endpoints?saved=1`);
    } catch (err) {
      internal(res, err, s ?? undefined);
    }
  });

  // Clock in or out (presence): one SQL call, then back to the page; a refusal is shown on it, with its status.
  router.post(`${B}/endpoints/:id/presence`, async (req, res) => {
    let s: Viewer | null = null;
    const { id } = req.params;
    try {
      if (!(s = await writer(req, res))) return;
      const to = field(req.body, 'clocked_in');
      let refused: CallerError | null = null;
      if (!UUID.test(id) || (to !== 'true' && to !== 'false')) {
        refused = { kind: 'not_found', message: `not_found: no endpoint ${id} in this scope`, hint: '' };
      } else {
        try {
          await ledger.setPresence(s, id, to === 'true');
        } catch (err) {
          refused = toCallerError(err);
          if (refused.kind === 'internal') throw err;
        }
      }
      if (!refused) return res.redirect(303, `${B}/endpoints?did=${to === 'true' ? 'in' : 'out'}`);
      const list = await ledger.endpoints(s);
      page(res, STATUS[refused.kind], 'Endpoints', endpointsBody(B, list, s.csrf_token, presenceBanner(null, refused)), s);
    } catch (err) {
      internal(res, err, s ?? undefined);
    }
  });
}

function actionRoutes(router: Router, k: Kit): void {
  const { B, ledger, page, internal, writer, renderTodo } = k;
  const leaseField = (body: unknown): number | null => {
    const v = field(body, 'lease_seconds');
    return v && /^\d{1,6}$/.test(v) ? Number(v) : null;
  };

  router.post(`${B}/todos/:id/:action`, async (req, res) => {
    let s: Viewer | null = null;
    const { id, action } = req.params;
    try {
      if (!(s = await writer(req, res))) return;
      if (!UUID.test(id)) return page(res, 404, 'Not found', notFoundBody(B, id), s);
      const o = s;
      const summary = field(req.body, 'summary');
      const artifact = field(req.body, 'artifact');
      let result: unknown;
      const resultText = field(req.body, 'result');
      if (resultText !== null) {
        try {
          result = JSON.parse(resultText) ?? undefined;
        } catch {
          const e: CallerError = { kind: 'invalid', message: 'invalid: result is not valid JSON', hint: 'Leave it empty, or write JSON such as {"ok": true}.' };
          return renderTodo(res, s, id, 422, errorBanner(e));
        }
      }
      try {
        switch (action) {
          case 'retry': await ledger.retryNow(o, id); break;
          case 'cancel': await ledger.cancel(o, id); break;
          case 'claim': await ledger.claim(o, id, leaseField(req.body)); break;
          case 'extend': await ledger.extend(o, id, leaseField(req.body)); break;
          case 'release': await ledger.release(o, id, summary, artifact); break;
          case 'complete': await ledger.complete(o, id, result, summary, artifact); break;
          case 'fail': await ledger.fail(o, id, result, summary, artifact); break;
          default: return page(res, 404, 'Not found', html`<h1>No such action</h1>`, s);
        }
      } catch (err) {
        const e = toCallerError(err);
        if (e.kind === 'internal') throw err;
        if (e.kind === 'not_found') return page(res, 404, 'Not found', notFoundBody(B, id), s);
        if (e.retryAfterSeconds !== undefined) res.set('Retry-After', String(e.retryAfterSeconds));
        return renderTodo(res, s, id, STATUS[e.kind], errorBanner(e));
      }
      res.redirect(303, `${B}/todos/${id}?did=${action}`);
    } catch (err) {
      internal(res, err, s ?? undefined);
    }
  });

  // A body over the size limit, or a malformed one, is answered as a page rather than a stack trace.
  router.use(B, (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const status = (err as { status?: number }).status;
    if (status && status >= 400 && status < 500) {
      return page(res, status, 'Bad request', errorBanner({ kind: 'invalid', message: 'the request was too large or malformed', hint: '' }));
    }
    internal(res, err);
  });

}

export function createBoardRouter(opts: BoardOptions): Router {
  const router = Router();
  const k = boardKit(opts, router);
  signInRoutes(router, k);
  pageRoutes(router, k);
  endpointRoutes(router, k);
  queueRoutes(router, k);
  teamRoutes(router, k);
  actionRoutes(router, k);
  return router;
}

