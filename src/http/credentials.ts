// The credential check: what the database said of a secret (a bearer credential, a Board session), remembered for a
// while (lru-cache, with a TTL and a bound on entries) and asked once however many requests carry it at the same
// time (lru-cache's fetch coalesces them). Secrets never seen valid are checked in the door's lane for unknown
// credentials, so a flood of guesses takes at most that share of the pool; a refusal is never remembered (a
// credential vended a moment ago works at once). The cache is keyed by the secret's SHA-256, never the secret.
import { LRUCache } from 'lru-cache';
import { secretDigest } from './bearer.js';
import type { CallGate } from './call-gate.js';

/**
 * What a check answered: the principal the secret names (`asked`: the database answered for this request, rather
 * than the cache), refused (unknown, revoked, expired), or no room to ask.
 */
export type Check<T> = { ok: T; digest: string; asked: boolean } | { refused: true } | { full: true };

/** No room in the lane for one more check of an unknown credential within the wait. */
class ChecksFull extends Error {}

/**
 * Runs a check of a secret nobody can have seen valid (a one-time sign-in token) in the lane for unknown
 * credentials: its answer, or `full` when there was no room within the wait.
 */
export async function inLane<T>(lane: CallGate, check: () => Promise<T>): Promise<{ ok: T } | { full: true }> {
  const release = await lane.admit('unknown', 1);
  if (!release) return { full: true };
  try {
    return { ok: await lane.run('unknown', check) };
  } finally {
    release();
  }
}

export interface CredentialCacheOptions<T> {
  /** Asks the database: the principal, or null when the secret is refused. Other errors propagate (503). */
  check: (secret: string) => Promise<T | null>;
  /** The lane checks of unknown secrets wait in (the door's, shared by every surface). */
  lane: CallGate;
  /** How long an accepted secret is taken on the check's word (0: never). */
  ttlMs: number;
  /** Entries kept at most. */
  max: number;
}

export class CredentialCache<T extends object> {
  private readonly cache: LRUCache<string, T, string>;

  constructor(private readonly opts: CredentialCacheOptions<T>) {
    this.cache = new LRUCache<string, T, string>({
      max: opts.max,
      // lru-cache reads a TTL of 0 as "forever"; a setting of 0 means "never", so every check is forced instead.
      ttl: Math.max(1, opts.ttlMs),
      // How often the cache reads the clock: at its default (1 ms) it set a timer for nearly every request; a tenth of
      // the TTL, at most 100 ms, is as good for a TTL counted in seconds.
      ttlResolution: Math.max(1, Math.min(100, Math.floor(opts.ttlMs / 10))),
      fetchMethod: async (_digest, known, { context: secret }) => {
        if (known !== undefined) return (await opts.check(secret)) ?? undefined;
        const checked = await inLane(opts.lane, () => opts.check(secret));
        if ('full' in checked) throw new ChecksFull();
        return checked.ok ?? undefined;
      },
    });
  }

  /**
   * Checks a secret. `fresh`: ask the database whatever the cache holds (a check already under way for the same
   * secret is shared: it began at most one check's time earlier); else an answer of the last TTL stands.
   */
  async check(secret: string, fresh = false): Promise<Check<T>> {
    const digest = secretDigest(secret);
    const forceRefresh = fresh || this.opts.ttlMs === 0;
    let ok: T | undefined;
    const status: LRUCache.Status<string, T, string> = {};
    try {
      ok = await this.cache.fetch(digest, { context: secret, forceRefresh, status });
    } catch (err) {
      if (err instanceof ChecksFull) return { full: true };
      // The cache abandoned the check under way (drop() after a refusal notice, or an eviction): asked again.
      if (!(err instanceof Error) || !/^(deleted|evicted|replaced)$/.test(err.message)) throw err;
      ok = await this.cache.fetch(digest, { context: secret, forceRefresh: true });
    }
    return ok === undefined ? { refused: true } : { ok, digest, asked: status.fetch !== 'hit' };
  }

  /**
   * The answer the cache holds for a secret, without asking anything (null: none within the TTL, or the TTL is 0):
   * what `check` answers on a hit, without its round of promises.
   */
  cached(secret: string): { ok: T; digest: string; asked: false } | null {
    if (this.opts.ttlMs === 0) return null;
    const digest = secretDigest(secret);
    // A lapsed answer stays for `check`, whose fetch re-asks a known credential outside the lane for unknown ones.
    const ok = this.cache.get(digest, { noDeleteOnStaleGet: true });
    return ok === undefined ? null : { ok, digest, asked: false };
  }

  /** Forgets a secret by its digest: its next request is checked in the database. */
  drop(digest: string): void {
    this.cache.delete(digest);
  }

  /** Whether the cache holds a live answer for the digest (for tests). */
  holds(digest: string): boolean {
    return this.cache.has(digest);
  }
}
