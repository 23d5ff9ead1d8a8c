// What `switchboard serve` and `start` add to the HTTP server for operations: GET /metrics (mount hook), the
// summary-from-result switch written at start (when set), and the embedded worker (unless --no-worker), stopped on stop.
import type { Express } from 'express';
import type { AppContext } from '../context.js';
import { metricsHandler } from '../metrics.js';
import type { OpsConfig } from './config.js';
import { type RunningWorker, startWorker } from './index.js';
import { applyAttemptSummaryFromResult } from './settings.js';

export interface OperationsHooks {
  mount: (app: Express, ctx: AppContext) => void;
  onStart: (ctx: AppContext) => Promise<void>;
  onStop: () => Promise<void>;
}

/** startWorker's options from the operations settings. */
export function workerOptions(ops: OpsConfig) {
  return {
    reapIntervalSeconds: ops.SWITCHBOARD_REAP_INTERVAL,
    notifyUrl: ops.SWITCHBOARD_NOTIFY_URL,
    notifyTimeoutSeconds: ops.SWITCHBOARD_NOTIFY_TIMEOUT,
    concurrency: ops.SWITCHBOARD_WORKER_CONCURRENCY,
    pruneBatch: ops.SWITCHBOARD_PRUNE_BATCH,
  };
}

export function operationsHooks(ops: OpsConfig, opts: { databaseUrl: string; worker: boolean }): OperationsHooks {
  let worker: RunningWorker | null = null;
  return {
    mount(app, ctx) {
      app.get('/metrics', metricsHandler(ctx.sql, { token: ops.SWITCHBOARD_METRICS_TOKEN, log: ctx.log }));
    },
    async onStart(ctx) {
      const on = await applyAttemptSummaryFromResult(ctx.sql, ops, ctx.log);
      if (on) ctx.log.warn('SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT is on: results without a summary are replayed to later claimers');
      if (opts.worker) worker = await startWorker({ databaseUrl: opts.databaseUrl, logger: ctx.log, ...workerOptions(ops) });
    },
    async onStop() {
      await worker?.stop();
    },
  };
}
