// Switchboard's signals over LISTEN/NOTIFY, checked: any login of the database may LISTEN and NOTIFY on any channel, so
// a signal names its subjects by opaque tags (never an id or a queue name) and carries an HMAC under the key only
// Switchboard's roles read (switchboard_agent.signal_key); the server acts on one only when its MAC is right, it is
// fresh, and it was not seen before. The SQL side is sql/functions/core/signal.sql.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type postgres from 'postgres';

/** Why a NOTIFY was not taken as Switchboard's signal. */
export type Refusal = 'forged' | 'stale' | 'replayed';

export interface SignalOptions {
  /**
   * SWITCHBOARD_SIGNAL_MAX_AGE_SECONDS in ms: a signal stamped further than this from now (by the database's clock)
   * is ignored; within it, one seen before is ignored as a replay.
   */
  maxAgeMs?: number;
}

export const DEFAULT_SIGNAL_MAX_AGE_MS = 120_000;
/**
 * The signals remembered to tell a replay (by their MAC), at most: about 100 bytes each, so at most ~10 MB. Past it the
 * oldest are forgotten first; a replay of a forgotten one is then taken, which costs what one genuine signal costs.
 */
export const SEEN_MAX = 100_000;

/** The checked signals of one pool: tags for the server's own subjects, and open() for what arrives. */
export class Signals {
  /** What open() refused, by why, since this process started (for /metrics: no tenant is named). */
  readonly refused: Record<Refusal, number> = { forged: 0, stale: 0, replayed: 0 };
  private readonly seen = new Map<string, number>();
  private readonly maxAgeMs: number;

  /**
   * @param key the signal key (switchboard_agent.signal_key)
   * @param clockOffsetMs the database's clock minus this process's, as measured when the key was read
   */
  constructor(
    private readonly key: Buffer,
    private readonly clockOffsetMs: number,
    opts: SignalOptions = {},
  ) {
    this.maxAgeMs = opts.maxAgeMs ?? DEFAULT_SIGNAL_MAX_AGE_MS;
  }

  private mac(message: string): Buffer {
    return createHmac('sha256', this.key).update(message, 'utf8').digest().subarray(0, 16);
  }

  /** The opaque tag SQL's signal() gives subject '<kind>:<subject>': hex of the first 16 bytes of HMAC('tag:<kind>:<subject>'). */
  tag(kind: 'endpoint' | 'queue', subject: string): string {
    return this.mac(`tag:${kind}:${subject}`).toString('hex');
  }

  /** An endpoint's tag (subject: its id). */
  endpointTag(endpointId: string): string {
    return this.tag('endpoint', endpointId);
  }

  /** The tag of one of an endpoint's queues (subject: '<endpoint id>:<queue>'). */
  queueTag(endpointId: string, queue: string): string {
    return this.tag('queue', `${endpointId}:${queue}`);
  }

  /**
   * The body of a signal received on `channel`, or null when it is not Switchboard's (a wrong or missing MAC), is
   * stamped outside the allowed age, or was seen before. The payload is '<body>.<ms>.<xid>.<mac>' (signal.sql).
   */
  open(channel: string, payload: string): string | null {
    const parts = payload.split('.');
    if (parts.length < 4) return this.refuse('forged');
    const [ms, xid, mac] = parts.slice(-3);
    const body = parts.slice(0, -3).join('.');
    if (!/^\d{1,15}$/.test(ms) || !/^\d{1,20}$/.test(xid) || !/^[0-9a-f]{32}$/.test(mac)) return this.refuse('forged');
    if (!timingSafeEqual(Buffer.from(mac, 'hex'), this.mac(`${channel}:${body}.${ms}.${xid}`))) return this.refuse('forged');
    const now = Date.now() + this.clockOffsetMs;
    if (Math.abs(now - Number(ms)) > this.maxAgeMs) return this.refuse('stale');
    if (this.seen.has(mac)) return this.refuse('replayed');
    this.remember(mac, now);
    return body;
  }

  private refuse(why: Refusal): null {
    this.refused[why]++;
    return null;
  }

  /** Keeps a MAC for as long as a replay of it could still pass the age check, and at most SEEN_MAX of them. */
  private remember(mac: string, now: number): void {
    for (const [m, at] of this.seen) {
      if (at >= now - 2 * this.maxAgeMs && this.seen.size < SEEN_MAX) break;
      this.seen.delete(m);
    }
    this.seen.set(mac, now);
  }
}

const pools = new WeakMap<postgres.Sql, Promise<Signals>>();
const loaded = new WeakMap<postgres.Sql, Signals>();

/** What the signals of a pool have refused so far, by why; zeros before any signal was checked. For /metrics. */
export function refusedSignals(sql: postgres.Sql): Record<Refusal, number> {
  return { ...(loaded.get(sql)?.refused ?? { forged: 0, stale: 0, replayed: 0 }) };
}

/**
 * The signals of a pool: the key is read once (switchboard_agent.signal_key, so the pool must hold switchboard_agent,
 * as the server's does), with the database's clock to judge a signal's age by. Later calls share it.
 */
export function signalsFor(sql: postgres.Sql, opts: SignalOptions = {}): Promise<Signals> {
  let s = pools.get(sql);
  if (!s) {
    s = (async () => {
      const before = Date.now();
      const [r] = await sql<{ key: Buffer; ms: number }[]>`
        select switchboard_agent.signal_key() as key, extract(epoch from clock_timestamp()) * 1000 as ms`;
      const offset = Number(r.ms) - (before + Date.now()) / 2;
      const signals = new Signals(Buffer.from(r.key), offset, opts);
      loaded.set(sql, signals);
      return signals;
    })();
    s.catch(() => pools.delete(sql));
    pools.set(sql, s);
  }
  return s;
}
