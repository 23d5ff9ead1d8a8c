// The cache of endpoint credentials (agents' bearer credentials, switchboard_agent.authenticate) that /mcp and /a2a
// share, one per front door, and the refusal notice that drops entries from it. The notice
// (switchboard_credentials_refused, sent by revoke_endpoint and rotate_credential) names the SHA-256 digests of the
// credentials refused; any login of the database can send it, so it only makes the next request of that credential
// be checked in the database again, never refuses or closes anything by itself.
import type { AppContext } from '../context.js';
import type { Endpoint } from '../ledger.js';
import { listenEverywhere } from '../shard-listen.js';
import { CredentialCache } from './credentials.js';
import type { FrontDoor } from './door.js';

export const CREDENTIALS_REFUSED_CHANNEL = 'switchboard_credentials_refused';

const caches = new WeakMap<FrontDoor, CredentialCache<Endpoint>>();

/** The door's endpoint-credential cache, made (and its notice listened to) on first use. */
export function endpointCredentials(ctx: AppContext & { door: FrontDoor }): CredentialCache<Endpoint> {
  const door = ctx.door;
  let cache = caches.get(door);
  if (cache) return cache;
  const made = new CredentialCache<Endpoint>({
    check: async (credential) => {
      try {
        return await ctx.ledger.authenticate(credential);
      } catch (err) {
        if ((err as { code?: string }).code === 'SB403') return null;
        throw err;
      }
    },
    lane: door.checks,
    ttlMs: door.config.SWITCHBOARD_HTTP_CREDENTIAL_CACHE_SECONDS * 1000,
    max: door.config.SWITCHBOARD_HTTP_CREDENTIAL_CACHE_MAX,
  });
  // On a sharded cluster's proxy, on every shard too (src/shard-listen.ts): revocations happen on the shards.
  const listening = listenEverywhere(ctx.sql, CREDENTIALS_REFUSED_CHANNEL, (payload) => {
    for (const digest of payload.split(',')) if (/^[0-9a-f]{64}$/.test(digest)) made.drop(digest);
  })
    .catch((err: unknown) => {
      ctx.log.warn({ err }, 'not listening for refused credentials; a refused one is refused at its next database check');
      return null;
    });
  door.onClose(async () => {
    await (await listening)?.unlisten().catch(() => {});
  });
  caches.set(door, made);
  return made;
}
