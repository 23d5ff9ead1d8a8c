// The shape every contender implements, and the counters its client loops report into.
import type { Sql } from './db.js';
import type { WalReader } from './wal.js';

export interface Ctx {
  /** URL of the benchmark database. */
  url: string;
  /** A superuser connection for arranging and measuring (not used by the clients). */
  admin: Sql;
  /** Queue name every contender uses. */
  queue: string;
  /** Leave the switchboard schema and functions as they are (to measure a change prototyped with create or replace). */
  noMigrate: boolean;
}

/** What the client loops of one measured point report. */
export class Counters {
  cycles = 0;
  empty = 0;
  errors = 0;
  firstError: string | null = null;
  /** Claim latencies in ms, recorded only while `recording`. */
  latencies: number[] = [];
  recording = false;

  claimLatency(ms: number): void {
    if (this.recording) this.latencies.push(ms);
  }

  error(e: unknown): void {
    this.errors++;
    if (!this.firstError) this.firstError = e instanceof Error ? e.message : String(e);
  }
}

export interface Running {
  /** Stop claiming; resolves once every client finished its cycle in flight and disconnected. */
  stop(): Promise<void>;
  /**
   * Completed cycles so far. Most contenders count in the client; graphile-worker's loop is inside the library
   * and is counted from the database.
   */
  completed(): Promise<number>;
  /** A server process of the contender's own between clients and Postgres, whose CPU is reported too. */
  serverPid?: number;
}

export interface Contender {
  name: string;
  /** What one cycle is, for the report. */
  describe: string;
  /** The tables whose dead tuples and HOT ratio are reported. */
  tables: string[];
  /** Once per benchmark: install the contender's schema. */
  install(ctx: Ctx): Promise<void>;
  /** Before every point: fresh tables holding `backlog` ready jobs and `history` finished ones. */
  reset(ctx: Ctx, backlog: number, history: number): Promise<void>;
  /** Start `clients` concurrent clients claiming and completing until stopped. */
  start(ctx: Ctx, clients: number, counters: Counters): Promise<Running>;
  /**
   * Start `clients` concurrent clients that only claim (a claim-only point: claim_next under contention, the ADR-0039
   * Confirmation's measure); each claim counts as a cycle. Contenders without it get no claim-only points.
   */
  startClaims?(ctx: Ctx, clients: number, counters: Counters): Promise<Running>;
  /** Once at the end. */
  close?(ctx: Ctx): Promise<void>;
  /** A contender in a database of its own (set by install): its points are arranged and measured there. */
  ctx?: Ctx;
  /** That database's WAL reader. */
  wal?: WalReader | null;
}

/**
 * One client's loop: claim (timed), complete, repeat until told to stop. `claim` returns null when the
 * queue had nothing (counted as empty; a backlog that never drains makes that an error in the report). With
 * `complete` null the loop only claims (a claim-only point), each claim counted as a cycle.
 */
export async function clientLoop<J>(
  counters: Counters,
  stopped: () => boolean,
  claim: () => Promise<J | null>,
  complete: ((job: J) => Promise<void>) | null,
): Promise<void> {
  while (!stopped()) {
    try {
      const t0 = performance.now();
      const job = await claim();
      counters.claimLatency(performance.now() - t0);
      if (job === null) {
        counters.empty++;
        await new Promise((r) => setTimeout(r, 5));
        continue;
      }
      if (complete) await complete(job);
      counters.cycles++;
    } catch (e) {
      counters.error(e);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
