// The bearer credential a request carries (RFC 6750: `Authorization: Bearer <token>`), and the digest it is known by.
import { createHash } from 'node:crypto';
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
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
