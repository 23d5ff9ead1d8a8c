// What `switchboard serve` and `start` add to the HTTP server for operations: GET /metrics (mount hook, on a
// connection of its own, as switchboard_metrics) and the embedded worker (unless --no-worker: on a pool of its own,
// as switchboard_worker, never the request pool's role), stopped on stop.
import type { Express } from 'express';
import { type Config, ConfigError, loadConfig } from '../config.js';
import type { AppContext } from '../context.js';
import { createPool, METRICS_ROLE, roleFor, type Sql } from '../db.js';
import { metricsHandler } from '../metrics.js';
import type { OpsConfig } from './config.js';
import { type RunningWorker, startWorker } from './index.js';
import { noteAttemptSummaryFromResult } from './settings.js';

export interface OperationsHooks {
  mount: (app: Express, ctx: AppContext) => void;
  onStart: (ctx: AppContext) => Promise<void>;
  onStop: () => Promise<void>;
}

/** startWorker's options from the operations settings (and the webhook bounds of the main configuration). */
export function workerOptions(ops: OpsConfig, config: Config = loadConfig()) {
  return {
    reapIntervalSeconds: ops.SWITCHBOARD_REAP_INTERVAL,
    notifyUrl: ops.SWITCHBOARD_NOTIFY_URL,
    notifyTimeoutSeconds: ops.SWITCHBOARD_NOTIFY_TIMEOUT,
    concurrency: ops.SWITCHBOARD_WORKER_CONCURRENCY,
    pruneBatch: ops.SWITCHBOARD_PRUNE_BATCH,
    webhookAllowPrivate: config.SWITCHBOARD_WEBHOOK_ALLOW_PRIVATE,
    webhookMaxReplyBytes: config.SWITCHBOARD_WEBHOOK_MAX_REPLY_BYTES,
  };
}

/** True for a listen address only this machine can reach (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * /metrics lists every tenant's queue names: reachable from other machines, it must ask for a token. Throws a
 * ConfigError naming SWITCHBOARD_METRICS_TOKEN when the server would listen beyond loopback without one.
 */
export function requireMetricsTokenFor(host: string, ops: OpsConfig): void {
  if (!isLoopbackHost(host) && ops.SWITCHBOARD_METRICS_TOKEN === undefined) {
    throw new ConfigError(
      'SWITCHBOARD_METRICS_TOKEN',
      `required when listening on ${host} (not loopback): /metrics would be open to anyone who reaches the port ` +
        '(16-512 characters; scrapes send Authorization: Bearer <token>)',
    );
  }
}

export interface OperationsOptions {
  databaseUrl: string;
  worker: boolean;
  /** The address the server will listen on: beyond loopback, SWITCHBOARD_METRICS_TOKEN is required. */
  host?: string;
  config?: Config;
}

export function operationsHooks(ops: OpsConfig, opts: OperationsOptions): OperationsHooks {
  const config = opts.config ?? loadConfig();
  if (opts.host !== undefined) requireMetricsTokenFor(opts.host, ops);
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
          token: ops.SWITCHBOARD_METRICS_TOKEN,
          log: ctx.log,
          mcp: ctx.mcpStats,
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
      noteAttemptSummaryFromResult(ops, ctx.log);
      if (opts.worker) {
        worker = await startWorker({ databaseUrl: opts.databaseUrl, logger: ctx.log, ...workerOptions(ops, config) });
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
