// Reads a JSON request body for /mcp with body-parser (what express.json is), outside Express's router.
import type { IncomingMessage, ServerResponse } from 'node:http';
import bodyParser from 'body-parser';

export type BodyResult =
  | { ok: true; body: unknown }
  /** The request is to be answered with `status`: 413 when it was too large; 400 or 415 when it could not be read. */
  | { ok: false; status: number };

/**
 * The body as JSON, or undefined when the content type is not JSON (the SDK answers that with 415). body-parser's
 * rules: charset and content-encoding (gzip, deflate, br), `limit` after decompression (a body over it is drained
 * so the 413 reaches a client still sending), strict mode (an object or an array; an empty body is `{}`).
 */
export function jsonBodyReader(limit: number): (req: IncomingMessage, res: ServerResponse) => Promise<BodyResult> {
  const parse = bodyParser.json({ limit });
  return (req, res) =>
    new Promise((resolve) => {
      parse(req, res, (err?: { status?: unknown }) => {
        if (!err) return resolve({ ok: true, body: (req as IncomingMessage & { body?: unknown }).body });
        const status = typeof err.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 400;
        resolve({ ok: false, status });
      });
    });
}
