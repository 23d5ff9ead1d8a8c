// MCP session ids without a session table: the id a server answers an initialize with is a random nonce and an
// HMAC-SHA256 of the endpoint id and that nonce, under the key every server on the database reads
// (switchboard_agent.mcp_session_key). Any server recognises any id issued to an endpoint, after a restart too; an id
// that does not verify (made up, another endpoint's, issued under another key) is simply not recorded. The id
// carries no authority, the credential does: it is provenance, recorded on the attempts a claim opens.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Sql } from '../db.js';

const NONCE_BYTES = 16;
const MAC_BYTES = 16;
const SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;
/** How many verified (endpoint, id) pairs are remembered: a client sends its id on every request. */
const VERIFIED_MAX = 10_000;

export class SessionIds {
  // Ids that verified, by endpoint id and id: an HMAC per request was ~3 % of the server's CPU per tool call. Only a
  // success is remembered (the key never changes while the server runs), so an id that fails is checked every time.
  private readonly verified = new LRUCache<string, true>({ max: VERIFIED_MAX });

  constructor(private readonly key: Buffer) {}

  private mac(endpointId: string, nonce: string): Buffer {
    return createHmac('sha256', this.key).update(`${endpointId}.${nonce}`).digest().subarray(0, MAC_BYTES);
  }

  /** A new session id for the endpoint: visible ASCII, 45 characters. */
  issue(endpointId: string): string {
    const nonce = randomBytes(NONCE_BYTES).toString('base64url');
    return `${nonce}.${this.mac(endpointId, nonce).toString('base64url')}`;
  }

  /** Whether `id` is a session id a server of this database issued to this endpoint. */
  verify(id: string, endpointId: string): boolean {
    const m = SHAPE.exec(id);
    if (!m) return false;
    const pair = `${endpointId} ${id}`;
    if (this.verified.has(pair)) return true;
    const given = Buffer.from(m[2], 'base64url');
    const ok = given.length === MAC_BYTES && timingSafeEqual(given, this.mac(endpointId, m[1]));
    if (ok) this.verified.set(pair, true);
    return ok;
  }
}

/** The session ids of this database (its key read once); null when the key cannot be read (none are issued). */
export async function loadSessionIds(sql: Sql): Promise<SessionIds | null> {
  const [row] = await sql<{ key: Buffer | null }[]>`select switchboard_agent.mcp_session_key() as key`;
  return row?.key ? new SessionIds(Buffer.from(row.key)) : null;
}
