// Request bodies: read only after the credential is checked, within the per-request limit and the door's budget of
// bytes in flight, parsed by Express's parser (on node:http, /mcp reads a plain JSON body with its Content-Length
// itself and hands any other to the same parser); a body too large or malformed is answered by the surface's refusal
// (JSON for an API, never Express's HTML page). A body whose content type is not the parser's is left unread.
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { Release } from './body-budget.js';
import type { FrontDoor } from './door.js';
import { onClose } from './on-close.js';
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

/**
 * Reserves the bytes a body will take within the door's budget: its Content-Length when the body is sent as is;
 * compressed or chunked, the limit. Resolves to the reservation (given back when the request is answered), to
 * undefined when nothing is reserved (no body, or one announced over the limit: its parser answers 413), or to false
 * when the request was refused (429 after the wait) or its client went away while it waited.
 */
export async function reserveBody<R extends ServerResponse>(
  door: FrontDoor,
  refusals: Refusals<R>,
  req: IncomingMessage,
  res: R,
  limit: number,
): Promise<Release | undefined | false> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const budget = door.bodies;
  const length = Number(req.headers['content-length'] ?? NaN);
  const identity = (req.headers['content-encoding'] ?? 'identity').toLowerCase() === 'identity';
  const bytes = identity && Number.isFinite(length) ? (length > limit ? 0 : length) : limit;
  if (bytes === 0) return undefined;
  // Room at once (the usual case): no wait, so nothing to listen for.
  let release = budget.tryTake(bytes);
  if (!release) {
    const hangup = new AbortController();
    const leave = () => hangup.abort();
    res.once('close', leave);
    release = await budget.take(bytes, hangup.signal).finally(() => res.off('close', leave));
  }
  if (gone(res)) {
    release?.();
    return false;
  }
  if (!release) {
    door.refuse(
      'body_bytes_in_flight',
      refusals,
      res,
      `the server is reading as many request bytes as it may at once (SWITCHBOARD_HTTP_BODY_BYTES_IN_FLIGHT ${budget.max}); retry shortly`,
      1,
    );
    return false;
  }
  onClose(res, release);
  return release;
}

/** What a body parser's error is answered with: 413 naming the limit, 415, else 400. */
function badBody(err: { status?: unknown; type?: unknown }, limit: number, limitName?: string): { status: number; message: string } {
  const status = typeof err.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 400;
  const message =
    status === 413
      ? `Request body too large (at most ${limit} bytes${limitName ? `, ${limitName}` : ''})`
      : status === 415
        ? `Parse error: ${String(err.type ?? 'unsupported body')}`
        : 'Parse error';
  return { status, message };
}

/** The body read by `parse` (an Express body parser given the same `limit`), within the door's budget. */
export function boundedBody(
  door: FrontDoor,
  refusals: Refusals,
  limit: number,
  parse: RequestHandler,
  limitName?: string,
): RequestHandler[] {
  const reservations = new WeakMap<IncomingMessage, Release>();
  const reserve: RequestHandler = async (req, res, next) => {
    const release = await reserveBody(door, refusals, req, res, limit);
    if (release === false) return;
    if (release) reservations.set(req, release);
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
    const { status, message } = badBody(err, limit, limitName);
    refusals.badBody(res, status, message);
  };
  return [reserve, parse, settle, errors as unknown as RequestHandler];
}

/** `application/json`, alone or with charset=utf-8: the one content type the fast reader takes. */
const PLAIN_JSON = /^application\/json(\s*;\s*charset="?utf-8"?)?$/i;

/**
 * The JSON body reader of a surface served on node:http (/mcp), with what jsonBody does (the limit, the door's
 * budget, express.json's answers): a body sent as is, with its Content-Length, as plain JSON (what every MCP client
 * sends) is read in one bounded read and JSON.parse; any other (compressed, chunked, another charset or type) goes
 * through express.json itself. Resolves to the body (undefined when the content type is not JSON: left unread), or
 * null when the request was answered (refused, too large, malformed) or its client went away.
 */
export function jsonBodyReader<R extends ServerResponse>(
  door: FrontDoor,
  refusals: Refusals<R>,
  limit: number,
  limitName?: string,
): (req: IncomingMessage, res: R) => Promise<{ body: unknown } | null> {
  const verify = (req: IncomingMessage, _res: unknown, buf: Buffer) => {
    (req as IncomingMessage & { [READ]?: number })[READ] = buf.length;
  };
  const parser = express.json({ limit, verify }) as unknown as (
    req: IncomingMessage,
    res: ServerResponse,
    next: (err?: unknown) => void,
  ) => void;
  const refuse = (res: R, err: { status?: unknown; type?: unknown }) => {
    if (res.headersSent) return;
    const { status, message } = badBody(err, limit, limitName);
    refusals.badBody(res, status, message);
  };
  return async (req, res) => {
    const release = await reserveBody(door, refusals, req, res, limit);
    if (release === false) return null;
    const h = req.headers;
    const length = Number(h['content-length']);
    if (
      h['transfer-encoding'] === undefined &&
      (h['content-encoding'] === undefined || h['content-encoding'].toLowerCase() === 'identity') &&
      Number.isInteger(length) && length <= limit &&
      PLAIN_JSON.test(h['content-type'] ?? '')
    ) {
      const bytes = await readExactly(req, length);
      if (bytes === null) {
        refuse(res, { status: 400 });
        return null;
      }
      try {
        return { body: parseJson(bytes) };
      } catch {
        refuse(res, { status: 400 });
        return null;
      }
    }
    const err = await new Promise<unknown>((resolve) => parser(req, res, resolve));
    if (err) {
      refuse(res, err as { status?: unknown; type?: unknown });
      return null;
    }
    const read = (req as IncomingMessage & { [READ]?: number })[READ];
    if (release && typeof read === 'number') release.shrinkTo(read);
    return { body: (req as IncomingMessage & { body?: unknown }).body };
  };
}

/** The `length` bytes of a body, or null when the request ended short or failed. */
function readExactly(req: IncomingMessage, length: number): Promise<Buffer | null> {
  if (length === 0) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let got = 0;
    const done = (b: Buffer | null) => {
      req.off('data', data);
      req.off('end', end);
      req.off('error', fail);
      req.off('close', fail);
      resolve(b);
    };
    const data = (c: Buffer) => {
      got += c.length;
      chunks.push(c);
    };
    const end = () => done(got === length ? (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, got)) : null);
    const fail = () => done(null);
    req.on('data', data);
    req.once('end', end);
    req.once('error', fail);
    req.once('close', fail);
  });
}

/** JSON as express.json parses it (strict): a UTF-8 BOM dropped, an empty body is {}, else an object or array. */
function parseJson(bytes: Buffer): unknown {
  const start = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const text = bytes.toString('utf8', start);
  if (text.length === 0) return {};
  const first = /^[\x20\x09\x0a\x0d]*(.|$)/.exec(text)?.[1];
  if (first !== '{' && first !== '[') throw new SyntaxError('strict violation');
  return JSON.parse(text);
}
