// The worker's and the operator surfaces' settings from the environment, read once and validated by zod.
import { z } from 'zod';
import { ConfigError } from '../config.js';

const TRUE = ['true', '1', 'yes', 'on'];
const FALSE = ['false', '0', 'no', 'off'];

const whole = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`)
    .default(fallback);

const schema = z.object({
  /** Seconds between reaper and due-retry sweeps; a lapsed lease is closed within one interval (plus the sweep). */
  SWITCHBOARD_REAP_INTERVAL: whole(1, 3600, 5),
  /** The instance's dead-letter webhook; unset: dead letters are notified only to owners that set a notify_url. */
  SWITCHBOARD_NOTIFY_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL')
    .refine((v) => URL.canParse(v), 'must be a valid URL')
    .optional(),
  /** Each webhook POST is abandoned (and retried later by graphile-worker) after this many seconds. */
  SWITCHBOARD_NOTIFY_TIMEOUT: whole(1, 120, 10),
  /** Jobs the worker runs at once (webhook deliveries, prune). */
  SWITCHBOARD_WORKER_CONCURRENCY: whole(1, 64, 4),
  /** Todos deleted per prune transaction. */
  SWITCHBOARD_PRUNE_BATCH: whole(1, 100000, 1000),
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  SWITCHBOARD_METRICS_TOKEN: z.string().regex(/^\S{16,512}$/, 'must be 16-512 characters without spaces').optional(),
  /**
   * The operator's switch for the setting attempt_summary_from_result (see README). Unset stays undefined: the
   * setting is then left as it is (a DBA may have set it in psql), not written back to a default.
   */
  SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .refine((v) => TRUE.includes(v) || FALSE.includes(v), 'must be true or false')
    .transform((v) => TRUE.includes(v))
    .optional(),
});

export type OpsConfig = z.infer<typeof schema>;

/** Reads the operations settings; an empty variable counts as unset. Throws ConfigError naming the variable. */
export function loadOpsConfig(env: NodeJS.ProcessEnv = process.env): OpsConfig {
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const v = env[key];
    if (v !== undefined && v !== '') input[key] = v;
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(String(issue.path[0] ?? 'environment'), issue.message);
  }
  return parsed.data;
}
