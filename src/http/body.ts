// Request bodies: read only after the credential is checked, within the per-request limit and the door's budget of
// bytes in flight, parsed by express.json; a body too large or not JSON is answered by the surface's refusal (JSON
// for an API, never Express's HTML page). A body whose content type is not JSON is left unread, for the surface.
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { FrontDoor } from './door.js';
import type { Refusals } from './refusals.js';

export function jsonBody(door: FrontDoor, refusals: Refusals, limit: number): RequestHandler[] {
  const budget = door.bodies;
  // The bytes a body will take: its Content-Length when the body is sent as is; compressed or chunked, the limit.
  const reserve: RequestHandler = async (req, res, next) => {
    const length = Number(req.headers['content-length'] ?? NaN);
    const identity = (req.headers['content-encoding'] ?? 'identity').toLowerCase() === 'identity';
    const bytes = identity && Number.isFinite(length) ? (length > limit ? 0 : length) : limit;
    if (bytes === 0) return next();
    const hangup = new AbortController();
    const gone = () => hangup.abort();
    res.once('close', gone);
    const release = await budget.take(bytes, hangup.signal);
    res.off('close', gone);
    if (res.destroyed) return release?.();
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
    next();
  };
  const errors: ErrorRequestHandler = (err: { status?: unknown; type?: unknown }, _req, res, next) => {
    if (res.headersSent) return next(err);
    const status = typeof err.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 400;
    const message =
      status === 413 ? 'Request body too large' : status === 415 ? `Parse error: ${String(err.type ?? 'unsupported body')}` : 'Parse error';
    refusals.badBody(res, status, message);
  };
  return [reserve, express.json({ limit }), errors as unknown as RequestHandler];
}
