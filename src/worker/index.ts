// The background worker: graphile-worker (same database) for prune and webhook deliveries, plus a timer for
// the reaper and the due-retry sweep. Runs inside `switchboard serve` or alone (`switchboard worker`); any
// number at once is safe, since every sweep picks rows with SKIP LOCKED.
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Logger as WorkerLogger, run, type Runner, type WorkerEvents } from 'graphile-worker';
import postgres from 'postgres';
import { LONG_LIVED, primaryPgPool, roleFor, WORKER_ROLE } from '../db.js';
import { type Logger, safeError } from '../log.js';
import * as ledger from './ledger.js';
import {
  type LockerWatch,
  runKeepJobLockers,
  runQueueOwedJobs,
  runReap,
  runRequeueDueRetries,
  runRingDueTodos,
  runUnlockStoppedWorkers,
  TASKS,
  type TaskDeps,
  taskList,
} from './tasks.js';

/** How often a worker marks its graphile-worker lockers seen (worker_lost_after_seconds, at least 15, is three of these). */
const LOCKER_INTERVAL_MS = 5000;

export interface WorkerOptions {
  databaseUrl: string;
  logger: Logger;
  /** Seconds between reap + due-retry sweeps (SWITCHBOARD_REAP_INTERVAL, default 5). */
  reapIntervalSeconds?: number;
  /** The instance's dead-letter webhook (SWITCHBOARD_NOTIFY_URL). */
  notifyUrl?: string;
  /** Seconds before a webhook POST is abandoned and retried (SWITCHBOARD_NOTIFY_TIMEOUT, default 10). */
  notifyTimeoutSeconds?: number;
  /** Deliver webhooks to loopback and private addresses too (SWITCHBOARD_WEBHOOK_ALLOW_PRIVATE, default false). */
  webhookAllowPrivate?: boolean;
  /** A sink's reply longer than this fails the delivery (SWITCHBOARD_WEBHOOK_MAX_REPLY_BYTES, default 65536). */
  webhookMaxReplyBytes?: number;
  /** Jobs at once (SWITCHBOARD_WORKER_CONCURRENCY, default 4). */
  concurrency?: number;
  /** Todos per prune transaction (SWITCHBOARD_PRUNE_BATCH, default 1000). */
  pruneBatch?: number;
  /** graphile-worker crontab for prune; default hourly on the hour. */
  pruneCrontab?: string;
}

export interface RunningWorker {
  /** Stops the timer and graphile-worker (in-flight jobs finish), then closes the worker's connections. */
  stop(): Promise<void>;
}

/** graphile-worker's own chatter (connected, job completed) goes to debug; its warnings and errors stay visible. */
function bridgeLogger(log: Logger): WorkerLogger {
  return new WorkerLogger(() => (level, message) => {
    if (level === 'error') log.error({ source: 'graphile-worker' }, message);
    else if (level === 'warning') log.warn({ source: 'graphile-worker' }, message);
    else log.debug({ source: 'graphile-worker' }, message);
  });
}

export async function startWorker(opts: WorkerOptions): Promise<RunningWorker> {
  const log = opts.logger.child({ component: 'worker' });
  const concurrency = opts.concurrency ?? 4;
  // As switchboard_worker where the login may take it (a superuser, or a login granted it): the sweeps and the
  // deliveries' reads, and graphile-worker's own schema, nothing of the admin API.
  const role = await roleFor(opts.databaseUrl, WORKER_ROLE);
  const sql = postgres(opts.databaseUrl, {
    max: 2,
    onnotice: () => {},
    ...LONG_LIVED,
    connection: { application_name: 'switchboard-worker', ...(role ? { role } : {}) },
  });
  // A login granted only agent + Board (switchboard_app, as servers were set up before migration 000008) would fail
  // every sweep with "permission denied"; say what to grant instead, once, before starting.
  const [can] = await sql<{ ok: boolean; proxy: boolean }[]>`
    select coalesce(bool_and(has_schema_privilege(n.oid, 'USAGE') and has_function_privilege(p.oid, 'EXECUTE')), false) as ok,
           to_regnamespace('switchboard_proxy') is not null as proxy
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'switchboard_worker' and p.proname = 'reap'`;
  if (can.proxy) {
    // A PL/Proxy proxy database (switchboard shard init) holds no todos: the sweeps and deliveries are each shard's.
    await sql.end({ timeout: 2 });
    throw new Error(
      'DATABASE_URL names the proxy database of a sharded Switchboard: run the worker on each shard ' +
        '(DATABASE_URL=<shard> switchboard worker) and serve with --no-worker (docs/scale-out.md)',
    );
  }
  if (!can.ok) {
    await sql.end({ timeout: 2 });
    throw new Error(
      "the worker's database login cannot run switchboard_worker.*: grant switchboard_worker to it (README, \"Roles\"), " +
        'or run serve with --no-worker and a `switchboard worker` of its own',
    );
  }
  const deps: TaskDeps = {
    sql,
    log,
    notifyUrl: opts.notifyUrl,
    timeoutMs: (opts.notifyTimeoutSeconds ?? 10) * 1000,
    pruneBatch: opts.pruneBatch ?? 1000,
    allowPrivate: opts.webhookAllowPrivate ?? false,
    maxReplyBytes: opts.webhookMaxReplyBytes,
  };

  // SQL cannot see SWITCHBOARD_NOTIFY_URL; this tells it whether to queue a job for the instance's sink at all
  // (the last worker to start decides; run every worker of an instance with the same environment).
  try {
    await ledger.setInstanceDeadLetterSink(sql, Boolean(opts.notifyUrl));
  } catch (e) {
    await sql.end({ timeout: 2 });
    throw e;
  }

  // graphile-worker on a pg Pool of ours (its documented `pgPool` option) rather than a connection string: the pool
  // has 'error' handlers on itself and on every client, so a connection the database drops (a restart, a failover,
  // pg_terminate_backend) is discarded instead of raising an unhandled 'error' that ends the process; and it reaches
  // the primary of a multi-host DATABASE_URL (primaryPgPool). When the runner stops itself (graphile-worker shuts
  // its worker pool down when it cannot complete or fail jobs, e.g. 25006 on a demoted primary), run() starts again
  // with backoff: the process never exits for the database's sake.
  const pool = primaryPgPool(opts.databaseUrl, { max: concurrency + 2, role, applicationName: 'switchboard-graphile-worker' }, (err) =>
    log.warn({ err: safeError(err) }, 'graphile-worker: a database connection failed; it is discarded'),
  );
  // The worker ids of the running runner (graphile-worker's documented `events`): when it stops on an error, a job
  // whose completion or failure the database refused stays locked by them until graphile-worker's lock timeout (4 h);
  // the sweep unlocks them instead, once whatever its workers still ran has had its time (stoppedWorkers below).
  let runnerWorkers = new Set<string>();
  const startRunner = () => {
    const events: WorkerEvents = new EventEmitter();
    const workers = new Set<string>();
    runnerWorkers = workers;
    // A job is locked by its worker's id, or by the pool's when the pool fetches jobs for its workers (batched).
    events.on('pool:create', ({ workerPool }) => workers.add(workerPool.id));
    events.on('worker:create', ({ worker }) => workers.add(worker.workerId));
    return run({
      events,
      pgPool: pool,
      concurrency,
      noHandleSignals: true,
      pollInterval: 2000,
      logger: bridgeLogger(log),
      taskList: taskList(deps),
      // Completing or failing a job is not awaited by graphile-worker's own worker unless it batches: at the default
      // (-1) a completion or failure whose query meets a lost connection (Postgres restarting) is an unhandled
      // rejection, and Node ends the process. Batched (0: no wait, each flushed at once), the failure goes to the
      // pool's error handler instead, which shuts the pool down, and the supervisor below starts a runner again.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
      // Schedules are filed each minute (a schedule's finest tick); run_schedules files each tick once.
      crontab: `${opts.pruneCrontab ?? '0 * * * *'} ${TASKS.prune}\n* * * * * ${TASKS.runSchedules}\n`,
    });
  };
  let runner: Runner | null;
  try {
    runner = await startRunner();
  } catch (e) {
    await pool.end().catch(() => {});
    await sql.end({ timeout: 2 });
    throw e;
  }
  let stopped = false;
  // Workers of runners that stopped on an error, each with the time from which its jobs may be unlocked: a forceful
  // shutdown does not wait for a running task, so its jobs are left alone for the longest a webhook POST may take
  // (plus slack) before another worker may run them again.
  const stoppedWorkers = new Map<string, number>();
  const unlockGraceMs = deps.timeoutMs + 5000;
  // Watches the runner: when its promise settles while we are not stopping, starts another (0.5 s doubling to 30 s;
  // the backoff resets once a runner has lived a minute).
  const supervising = (async () => {
    let backoffMs = 500;
    while (!stopped) {
      const started = Date.now();
      try {
        await runner?.promise;
      } catch (e) {
        if (!stopped) log.warn({ err: safeError(e) }, 'graphile-worker stopped on an error; restarting it');
      }
      runner = null;
      if (stopped) return;
      for (const id of runnerWorkers) stoppedWorkers.set(id, Date.now() + unlockGraceMs);
      runnerWorkers = new Set();
      if (Date.now() - started > 60_000) backoffMs = 500;
      while (!stopped && runner === null) {
        await sleep(backoffMs);
        backoffMs = Math.min(backoffMs * 2, 30_000);
        if (stopped) return;
        try {
          runner = await startRunner();
          log.info('graphile-worker restarted');
        } catch (e) {
          log.warn({ err: safeError(e), retry_in_ms: backoffMs }, 'graphile-worker could not start; retrying');
        }
      }
    }
  })();

  // The 5-second sweeps run on a timer here rather than as jobs: graphile-worker's crontab is minute-grained,
  // and a sweep must not wait behind webhook deliveries for a free job slot.
  let sweeping: Promise<void> | null = null;
  const sweep = () => {
    sweeping ??= (async () => {
      try {
        await runReap(deps);
        await runRequeueDueRetries(deps);
        await runRingDueTodos(deps);
        await runQueueOwedJobs(deps);
        await runUnlockStoppedWorkers(deps, stoppedWorkers);
      } catch (e) {
        log.warn({ err: safeError(e) }, 'sweep failed; retrying at the next interval');
      } finally {
        sweeping = null;
      }
    })();
  };
  const timer = setInterval(sweep, (opts.reapIntervalSeconds ?? 5) * 1000);
  sweep();

  // Every 5 s whatever the sweep interval, and apart from the sweeps (a long reap must not make this process look
  // lost to the others): the running runner's lockers marked seen, and the jobs of lost processes unlocked.
  const watch: LockerWatch = { since: null };
  let keeping: Promise<void> | null = null;
  const keep = () => {
    keeping ??= (async () => {
      try {
        await runKeepJobLockers(deps, runnerWorkers, watch);
      } catch (e) {
        log.warn({ err: safeError(e) }, 'marking the worker\'s job lockers failed; retrying at the next interval');
      } finally {
        keeping = null;
      }
    })();
  };
  const lockerTimer = setInterval(keep, LOCKER_INTERVAL_MS);
  keep();
  log.info({ reap_interval_seconds: opts.reapIntervalSeconds ?? 5, concurrency }, 'worker started');

  let stopping: Promise<void> | null = null;
  return {
    stop() {
      stopping ??= (async () => {
        clearInterval(timer);
        clearInterval(lockerTimer);
        stopped = true;
        try {
          await runner?.stop().catch((e: unknown) => log.warn({ err: safeError(e) }, 'graphile-worker: stop failed'));
          await supervising;
        } finally {
          await sweeping;
          await keeping;
          await pool.end().catch(() => {});
          await sql.end({ timeout: 5 });
          log.info('worker stopped');
        }
      })();
      return stopping;
    },
  };
}
