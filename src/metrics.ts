// GET /metrics: Prometheus text built from switchboard.metrics() (at most once per cache interval, on a connection
// of its own), behind a bearer token (required when the server listens beyond loopback), answered at a bounded rate.
// The ledger's counters come from rows the transitions maintain in SQL (so a DBA's psql call counts, restarts lose
// nothing, retention lowers nothing); the only text in any label is a queue name or an outcome. The front door's
// refusals are this process's, since it started (switchboard_http_*).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type postgres from 'postgres';
import { Counter, Gauge, Registry } from 'prom-client';
import { type Logger, safeError } from './log.js';
import { type ScrapeLimits, ScrapeLimiter } from './scrape-limit.js';
import * as ledger from './worker/ledger.js';

interface Sample {
  queue: string;
  outcome?: string;
  state?: string;
  value: number;
}

/** A registry holding the current values, one per scrape (nothing is kept in this process between scrapes). */
/** Counts kept by the front door in this process; none names a tenant. */
export interface DoorStats {
  /** Requests answered 429, by the limit that refused them. */
  throttled: Record<string, number>;
  /** NOTIFYs on Switchboard's channels the server did not take as its signals, by why: forged, stale, replayed. */
  signalsRefused?: () => Record<string, number>;
  /** The server pool's database (1 writable primary, 0 not) and its doorbell's LISTEN (1 hearing or not started, 0 down). */
  health?: () => Promise<{ writable: number; listening: number }>;
}

export async function buildMetricsRegistry(sql: postgres.Sql, door?: DoorStats): Promise<Registry> {
  const doc = await ledger.metrics(sql);
  const rows = (key: string) => (doc[key] as Sample[] | undefined) ?? [];
  const registry = new Registry();
  if (door?.health) {
    const h = await door.health();
    new Gauge({
      name: 'switchboard_database_writable',
      help: "1 when the server's pool reaches a writable primary, 0 when it does not (down, failing over, a standby).",
      registers: [registry],
    }).set(h.writable);
    new Gauge({
      name: 'switchboard_doorbell_listening',
      help: "1 when the server's LISTEN connection hears (or no long poll has started it), 0 while it is reconnecting.",
      registers: [registry],
    }).set(h.listening);
  }
  const closed = new Counter({
    name: 'switchboard_todo_attempts_closed_total',
    help: 'Attempts closed, by queue and outcome (completed, failed, released, lease_expired, reaped, canceled, revoked).',
    labelNames: ['queue', 'outcome'],
    registers: [registry],
  });
  for (const r of rows('attempts_closed')) closed.inc({ queue: r.queue, outcome: String(r.outcome) }, Number(r.value));
  const expired = new Counter({
    name: 'switchboard_todo_leases_expired_total',
    help: 'Leases that lapsed with no report: every attempt closed lease_expired or reaped adds exactly one.',
    labelNames: ['queue'],
    registers: [registry],
  });
  for (const r of rows('leases_expired')) expired.inc({ queue: r.queue }, Number(r.value));
  const todos = new Gauge({
    name: 'switchboard_todos',
    help: 'Todos by queue and state (pending, claimed, done, failed, canceled).',
    labelNames: ['queue', 'state'],
    registers: [registry],
  });
  for (const r of rows('todos')) todos.set({ queue: r.queue, state: String(r.state) }, Number(r.value));
  const oldest = new Gauge({
    name: 'switchboard_oldest_claimable_todo_age_seconds',
    help: 'How long the oldest claimable todo of a queue has been claimable, in seconds.',
    labelNames: ['queue'],
    registers: [registry],
  });
  for (const r of rows('oldest_claimable_age_seconds')) oldest.set({ queue: r.queue }, Number(r.value));
  const leases = new Gauge({
    name: 'switchboard_open_leases',
    help: 'Todos claimed now (open leases), by queue.',
    labelNames: ['queue'],
    registers: [registry],
  });
  for (const r of rows('open_leases')) leases.set({ queue: r.queue }, Number(r.value));
  // Admission control (ADR-0035): totals only, no label, so no tenant is named.
  new Counter({
    name: 'switchboard_claims_admitted_total',
    help: 'Claims admitted (claim, claim_next, takeovers, Board claims): every attempt ever opened.',
    registers: [registry],
  }).inc(Number(doc.claims_admitted ?? 0));
  new Counter({
    name: 'switchboard_claims_throttled_total',
    help: "Claims refused as throttled (SB429) because their endpoint's claim budget was spent.",
    registers: [registry],
  }).inc(Number(doc.claims_throttled ?? 0));
  new Counter({
    name: 'switchboard_vends_refused_at_cap_total',
    help: 'Endpoint vends refused as throttled (SB429) because the owner or the team had its cap of live endpoints.',
    registers: [registry],
  }).inc(Number(doc.vends_refused_at_cap ?? 0));
  // Presence (ADR-0027): a total, no label.
  new Counter({
    name: 'switchboard_doorbells_skipped_total',
    help: 'Doorbells not rung because their endpoint was clocked out: rings, and webhook deliveries queued before it clocked out.',
    registers: [registry],
  }).inc(Number(doc.doorbells_skipped ?? 0));
  // More than none while the notification queue is too full (notify_queue_max_percent): a listener is holding it.
  new Gauge({
    name: 'switchboard_webhook_jobs_owed',
    help: 'Webhook deliveries (dead-letter notices, doorbells) whose job waits for room in the notification queue.',
    registers: [registry],
  }).set(Number(doc.webhook_jobs_owed ?? 0));
  new Gauge({
    name: 'switchboard_notification_queue_usage_ratio',
    help:
      "How full PostgreSQL's notification queue is, 0 to 1 (behind a proxy, the fullest shard's). From " +
      'notify_queue_max_percent Switchboard sends no NOTIFY and owes webhook jobs; a NOTIFY into a full queue fails.',
    registers: [registry],
  }).set(Number(doc.notification_queue_usage ?? 0));
  if (door) {
    const throttled = new Counter({
      name: 'switchboard_http_requests_throttled_total',
      help:
        'Requests this process answered 429, by the limit: request_rate, calls_per_credential, credential_checks, ' +
        'connections_per_address, new_connections_per_address (those two: connections closed as they opened), ' +
        'requests_per_address, body_bytes_in_flight, streams_per_endpoint, streams_per_tenant, streams_total, ' +
        'crowded_without_credential (a connection closed, past the reserve, for showing no credential in time).',
      labelNames: ['limit'],
      registers: [registry],
    });
    for (const [limit, n] of Object.entries(door.throttled)) throttled.inc({ limit }, n);
    if (door.signalsRefused) {
      const refused = new Counter({
        name: 'switchboard_signals_refused_total',
        help: "NOTIFYs on Switchboard's channels this process did not act on, by why: forged (no valid MAC), stale, replayed.",
        labelNames: ['why'],
        registers: [registry],
      });
      for (const [why, n] of Object.entries(door.signalsRefused())) refused.inc({ why }, n);
    }
  }
  return registry;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** True when the Authorization header carries the token (compared in constant time). */
function authorized(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m !== null && timingSafeEqual(digest(m[1]), digest(token));
}

export interface MetricsHandlerOptions {
  /** SWITCHBOARD_METRICS_TOKEN: when set, a scrape needs `Authorization: Bearer <token>`. */
  token?: string;
  log?: Logger;
  /**
   * SWITCHBOARD_METRICS_CACHE_SECONDS in ms: an answer is reused this long, so scrapes cost the database one read
   * per interval however many scrapers there are. Scrapes that arrive while a read is under way share it. 0: none.
   */
  cacheMs?: number;
  /**
   * The answer rate and the queue of scrapes waiting for it (SWITCHBOARD_METRICS_SCRAPES_PER_MINUTE and friends).
   * Unset: every scrape is answered at once.
   */
  limits?: ScrapeLimits;
  /** The front door's counts of this process, added as switchboard_http_* series. */
  door?: DoorStats;
}

interface Answer {
  contentType: string;
  text: string;
}

/**
 * An express (or plain node:http) handler for GET /metrics. Give it a pool of its own (one connection): a scrape
 * counts the todos table, and must not take a connection a tool call is waiting for.
 */
/** sql: the scrape's own connection, or a promise of it (opened once the role it may take is known). */
export function metricsHandler(sql: postgres.Sql | Promise<postgres.Sql>, opts: MetricsHandlerOptions = {}) {
  const cacheMs = opts.cacheMs ?? 0;
  let cached: { answer: Answer; at: number } | null = null;
  let reading: Promise<Answer> | null = null;
  const read = (): Promise<Answer> => {
    if (cached && Date.now() - cached.at < cacheMs) return Promise.resolve(cached.answer);
    reading ??= (async () => {
      try {
        const registry = await buildMetricsRegistry(await sql, opts.door);
        const answer = { contentType: registry.contentType, text: await registry.metrics() };
        cached = { answer, at: Date.now() };
        return answer;
      } finally {
        reading = null;
      }
    })();
    return reading;
  };
  const limiter = opts.limits ? new ScrapeLimiter(opts.limits) : null;
  const handler = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // The token first: a scrape without it is refused at once and spends none of the rate the scrapers share.
    if (opts.token !== undefined && !authorized(req.headers.authorization, opts.token)) {
      res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="metrics"' });
      res.end('unauthorized: send Authorization: Bearer <SWITCHBOARD_METRICS_TOKEN>\n');
      return;
    }
    if (limiter) {
      // A scrape whose client hangs up while it waits gives its place up rather than a token to a closed socket.
      const hangup = new AbortController();
      res.once('close', () => hangup.abort());
      const admitted = await limiter.admit(hangup.signal);
      if (!admitted.ok) {
        if (res.destroyed) return;
        const { perMinute, queue } = limiter.limits;
        res.writeHead(429, {
          'content-type': 'text/plain; charset=utf-8',
          'retry-after': String(admitted.retryAfterSeconds),
          'cache-control': 'no-store',
        });
        res.end(
          `too many scrapes (${admitted.why}): /metrics answers ${perMinute} a minute (SWITCHBOARD_METRICS_SCRAPES_PER_MINUTE) ` +
            `with ${queue} waiting at most (SWITCHBOARD_METRICS_QUEUE); retry after ${admitted.retryAfterSeconds} s\n`,
        );
        return;
      }
    }
    try {
      const answer = await read();
      res.writeHead(200, { 'content-type': answer.contentType, 'cache-control': 'no-store' });
      res.end(answer.text);
    } catch (err) {
      opts.log?.warn({ err: safeError(err) }, 'metrics: scrape failed');
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('metrics unavailable: the database could not be read\n');
    }
  };
  // The limiter rides along so a test (or a future metric) can see what it admitted, queued and refused.
  return Object.assign(handler, { limiter });
}
