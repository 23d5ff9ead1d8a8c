// The bearer credential a request carries (RFC 6750: `Authorization: Bearer <token>`), and the digest it is known by.
import * as crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The token of the Authorization header, or null when there is none or it is not a bearer token. */
export function bearerToken(req: IncomingMessage): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return m ? m[1] : null;
}

/**
 * SHA-256 of a secret's UTF-8 bytes, in hex: what the database stores (switchboard_internal.digest) and what the
 * credential cache is keyed by, so the secret itself is never kept as a key and a refusal notice can name it.
 */
export function secretDigest(secret: string): string {
  return sha256Hex(secret);
}

// crypto.hash (Node 20.12+) digests in one call, without a Hash object: a third cheaper, and it runs for every request.
const sha256Hex: (s: string) => string =
  typeof crypto.hash === 'function'
    ? (s) => crypto.hash('sha256', s, 'hex')
    : (s) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');
