// Reads a JSON request body for /mcp as express.json({ limit }) did: charset, content-encoding, limit, strict.
import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

export type BodyResult =
  | { ok: true; body: unknown }
  /** The request is to be answered with `status`: 413 when it was too large; 400 or 415 when it could not be read. */
  | { ok: false; status: number };

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)"?/i;
// RFC 7159 whitespace, then the first character that is not.
const FIRST_CHAR = /^[\x20\x09\x0a\x0d]*([^\x20\x09\x0a\x0d]|$)/;
const UTF8 = new TextDecoder('utf-8');
const DECOMPRESS: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * The body as JSON, or undefined when the content type is not JSON (the SDK answers that with 415). A body over
 * `limit` bytes (after decompression) is read to its end and dropped, as body-parser does, so that the 413 reaches
 * a client that is still sending. As in body-parser's strict mode, only an object or an array is accepted, and
 * an empty body is `{}`.
 */
export function readJsonBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  const type = req.headers['content-type'] ?? '';
  if (!JSON_TYPE.test(type)) return Promise.resolve({ ok: true, body: undefined });
  const charset = CHARSET.exec(type)?.[1]?.toLowerCase() ?? 'utf-8';
  let decoder = UTF8;
  if (charset !== 'utf-8') {
    try {
      if (!charset.startsWith('utf-')) throw new RangeError(charset);
      decoder = new TextDecoder(charset);
    } catch {
      req.resume();
      return Promise.resolve({ ok: false, status: 415 });
    }
  }
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  const decompress = encoding === 'identity' ? null : DECOMPRESS[encoding];
  if (decompress === undefined) {
    req.resume();
    return Promise.resolve({ ok: false, status: 415 });
  }

  return new Promise((resolve) => {
    const stream = decompress ? req.pipe(decompress()) : req;
    let tooLarge = !decompress && Number(req.headers['content-length']) > limit;
    let size = 0;
    const chunks: Buffer[] = [];
    const fail = () => resolve({ ok: false, status: 400 });
    stream.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    // A broken compressed stream, or a client that went away mid-body.
    stream.on('error', fail);
    if (decompress) req.on('error', fail);
    stream.on('end', () => {
      if (tooLarge) return resolve({ ok: false, status: 413 });
      const text = decoder.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
      const first = FIRST_CHAR.exec(text)![1];
      if (first === '') return resolve({ ok: true, body: {} });
      if (first !== '{' && first !== '[') return fail();
      try {
        resolve({ ok: true, body: JSON.parse(text) });
      } catch {
        fail();
      }
    });
  });
}
