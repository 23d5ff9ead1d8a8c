// Request bodies: read only after the credential is checked, within the per-request limit and the door's budget of
// bytes in flight, parsed by Express's parser; a body too large or malformed is answered by the surface's refusal
// (JSON for an API, never Express's HTML page). A body whose content type is not the parser's is left unread.
import type { IncomingMessage } from 'node:http';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { Release } from './body-budget.js';
import type { FrontDoor } from './door.js';
import { gone, type Refusals } from './refusals.js';

/**
 * The body as JSON (express.json), within `limit` bytes (the setting `limitName`, named in a 413) and the door's
 * budget. `type` decides which content types are parsed (express.json's option; default application/json).
 */
export function jsonBody(
  door: FrontDoor,
  refusals: Refusals,
  limit: number,
  limitName?: string,
  type?: (req: IncomingMessage) => boolean,
): RequestHandler[] {
  // verify sees the raw bytes read (decompressed, however they arrived): boundedBody keeps only those reserved.
  const verify = (req: IncomingMessage, _res: unknown, buf: Buffer) => {
    (req as IncomingMessage & { [READ]?: number })[READ] = buf.length;
  };
  return boundedBody(door, refusals, limit, express.json(type ? { limit, type, verify } : { limit, verify }), limitName);
}

/** Where a parser's verify leaves the count of body bytes it read. */
export const READ = Symbol('body bytes read');

/** The body read by `parse` (an Express body parser given the same `limit`), within the door's budget. */
export function boundedBody(
  door: FrontDoor,
  refusals: Refusals,
  limit: number,
  parse: RequestHandler,
  limitName?: string,
): RequestHandler[] {
  const budget = door.bodies;
  const reservations = new WeakMap<IncomingMessage, Release>();
  // The bytes a body will take: its Content-Length when the body is sent as is; compressed or chunked, the limit.
  const reserve: RequestHandler = async (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const length = Number(req.headers['content-length'] ?? NaN);
    const identity = (req.headers['content-encoding'] ?? 'identity').toLowerCase() === 'identity';
    const bytes = identity && Number.isFinite(length) ? (length > limit ? 0 : length) : limit;
    if (bytes === 0) return next();
    const hangup = new AbortController();
    const leave = () => hangup.abort();
    res.once('close', leave);
    const release = await budget.take(bytes, hangup.signal);
    res.off('close', leave);
    if (gone(res)) return release?.();
    if (!release) {
      return door.refuse(
        'body_bytes_in_flight',
        refusals,
        res,
        `the server is reading as many request bytes as it may at once (SWITCHBOARD_HTTP_BODY_BYTES_IN_FLIGHT ${budget.max}); retry shortly`,
        1,
      );
    }
    res.once('close', release);
    reservations.set(req, release);
    next();
  };
  // Once read, a body holds only the bytes it is: a chunked or compressed one (reserved at the limit) gives the rest
  // back at once, so held requests (streams) with small bodies do not keep the limit each.
  const settle: RequestHandler = (req, _res, next) => {
    const read = (req as IncomingMessage & { [READ]?: number })[READ];
    const release = reservations.get(req);
    if (release && typeof read === 'number') release.shrinkTo(read);
    next();
  };
  const errors: ErrorRequestHandler = (err: { status?: unknown; type?: unknown }, _req, res, next) => {
    if (res.headersSent) return next(err);
    const status = typeof err.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 400;
    const message =
      status === 413
        ? `Request body too large (at most ${limit} bytes${limitName ? `, ${limitName}` : ''})`
        : status === 415
          ? `Parse error: ${String(err.type ?? 'unsupported body')}`
          : 'Parse error';
    refusals.badBody(res, status, message);
  };
  return [reserve, parse, settle, errors as unknown as RequestHandler];
}
