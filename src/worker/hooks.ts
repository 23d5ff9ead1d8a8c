// What `switchboard serve` and `start` add to the HTTP server for operations: GET /metrics (mount hook, on a
// connection of its own, as switchboard_metrics) and the embedded worker (unless --no-worker: on a pool of its own,
// as switchboard_worker, never the request pool's role), stopped on stop.
import type { Express } from 'express';
import { type Config, ConfigError } from '../config.js';
import { isLoopbackHost } from '../http/address.js';
import type { AppContext } from '../context.js';
import { createPool, METRICS_ROLE, roleFor, type Sql } from '../db.js';
import { metricsHandler } from '../metrics.js';
import { listenState } from '../doorbell.js';
import { refusedSignals } from '../signals.js';
import { type RunningWorker, startWorker } from './index.js';
import { noteAttemptSummaryFromResult } from './settings.js';

export interface OperationsHooks {
  mount: (app: Express, ctx: AppContext) => void;
  onStart: (ctx: AppContext) => Promise<void>;
  onStop: () => Promise<void>;
}

/** startWorker's options from the configuration. */
export function workerOptions(config: Config) {
  return {
    reapIntervalSeconds: config.SWITCHBOARD_REAP_INTERVAL,
    notifyUrl: config.SWITCHBOARD_NOTIFY_URL,
    notifyTimeoutSeconds: config.SWITCHBOARD_NOTIFY_TIMEOUT,
    concurrency: config.SWITCHBOARD_WORKER_CONCURRENCY,
    pruneBatch: config.SWITCHBOARD_PRUNE_BATCH,
    webhookAllowPrivate: config.SWITCHBOARD_WEBHOOK_ALLOW_PRIVATE,
    webhookMaxReplyBytes: config.SWITCHBOARD_WEBHOOK_MAX_REPLY_BYTES,
  };
}

/**
 * /metrics lists every tenant's queue names: reachable from other machines, it must ask for a token. It is when the
 * server listens beyond loopback, and also when a public URL or a trusted proxy is configured: a reverse proxy on
 * this machine forwards other machines' requests to a loopback port. Throws a ConfigError naming
 * SWITCHBOARD_METRICS_TOKEN in those cases when none is set.
 */
export function requireMetricsTokenFor(
  host: string,
  config: Pick<Config, 'SWITCHBOARD_METRICS_TOKEN' | 'SWITCHBOARD_PUBLIC_URL' | 'SWITCHBOARD_TRUST_PROXY'>,
): void {
  if (config.SWITCHBOARD_METRICS_TOKEN !== undefined) return;
  const why = !isLoopbackHost(host)
    ? `listening on ${host} (not loopback)`
    : config.SWITCHBOARD_PUBLIC_URL
      ? `SWITCHBOARD_PUBLIC_URL is set (a proxy forwards other machines' requests)`
      : config.SWITCHBOARD_TRUST_PROXY
        ? `SWITCHBOARD_TRUST_PROXY is on (a proxy forwards other machines' requests)`
        : null;
  if (why) {
    throw new ConfigError(
      'SWITCHBOARD_METRICS_TOKEN',
      `required when ${why}: /metrics would be open to anyone who reaches the server ` +
        '(16-512 characters; scrapes send Authorization: Bearer <token>)',
    );
  }
}

export interface OperationsOptions {
  databaseUrl: string;
  worker: boolean;
  /** The address the server will listen on: beyond loopback, SWITCHBOARD_METRICS_TOKEN is required. */
  host?: string;
}

export function operationsHooks(config: Config, opts: OperationsOptions): OperationsHooks {
  if (opts.host !== undefined) requireMetricsTokenFor(opts.host, config);
  let worker: RunningWorker | null = null;
  // Scrapes read on a connection of their own (opened at the first scrape), never one of the tool calls' pool.
  // As switchboard_metrics where the login may take it: aggregates of every tenant, and nothing else.
  let metricsSql: Promise<Sql> | null = null;
  return {
    mount(app, ctx) {
      metricsSql = roleFor(opts.databaseUrl, METRICS_ROLE).then((role) =>
        createPool(opts.databaseUrl, { max: 1, role, applicationName: 'switchboard-metrics' }),
      );
      // A database down at mount fails the scrapes (503), never the process with an unhandled rejection.
      metricsSql.catch(() => {});
      app.get(
        '/metrics',
        metricsHandler(metricsSql, {
          token: config.SWITCHBOARD_METRICS_TOKEN,
          log: ctx.log,
          door: ctx.door && {
            throttled: ctx.door.throttled,
            signalsRefused: () => refusedSignals(ctx.sql),
            health: async () => {
              const writable = await ctx.sql<{ w: boolean }[]>`select not pg_catalog.pg_is_in_recovery() as w`.then(
                ([r]) => (r.w ? 1 : 0),
                () => 0,
              );
              return { writable, listening: (await listenState(ctx.sql)) === 'down' ? 0 : 1 };
            },
          },
          cacheMs: config.SWITCHBOARD_METRICS_CACHE_SECONDS * 1000,
          limits: {
            perMinute: config.SWITCHBOARD_METRICS_SCRAPES_PER_MINUTE,
            burst: config.SWITCHBOARD_METRICS_SCRAPE_BURST,
            queue: config.SWITCHBOARD_METRICS_QUEUE,
            waitMs: config.SWITCHBOARD_METRICS_QUEUE_WAIT_MS,
          },
        }),
      );
    },
    async onStart(ctx) {
      noteAttemptSummaryFromResult(config, ctx.log);
      if (opts.worker) {
        worker = await startWorker({ databaseUrl: opts.databaseUrl, logger: ctx.log, ...workerOptions(config) });
      }
    },
    async onStop() {
      try {
        await worker?.stop();
      } finally {
        if (metricsSql) await (await metricsSql).end({ timeout: 2 });
      }
    },
  };
}
