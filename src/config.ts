// Configuration from the environment, read once and validated by zod; a bad value names its variable.
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(fallback);

const TRUE = ['true', '1', 'yes', 'on'];
const FALSE = ['false', '0', 'no', 'off'];

const whole = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`)
    .default(fallback);

const flag = (fallback: boolean) =>
  z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .refine((v) => TRUE.includes(v) || FALSE.includes(v), 'must be true or false')
    .transform((v) => TRUE.includes(v))
    .default(fallback);

const schema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .refine((v) => URL.canParse(v), 'must be a valid URL')
    .optional(),
  SWITCHBOARD_HOST: z.string().min(1).default('127.0.0.1'),
  SWITCHBOARD_PORT: port(7400),
  SWITCHBOARD_CREDENTIAL: z
    .string()
    .regex(/^\S{8,512}$/, 'must be the endpoint credential printed by `switchboard endpoint vend`')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  SWITCHBOARD_DATA_DIR: z.string().min(1).default('.data/pg'),
  SWITCHBOARD_PG_PORT: port(54329),
  SWITCHBOARD_DB_POOL_MAX: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 100')
    .max(100, 'must be between 1 and 100')
    .default(10),
  /** Seconds a /metrics answer is reused; scrapes within it share one database read (0: read on every scrape). */
  SWITCHBOARD_METRICS_CACHE_SECONDS: whole(0, 300, 10),
  /**
   * /metrics answers at most this many scrapes a minute, however cheap a cached answer is: the server is one event
   * loop, and a flood of scrape loops would spend it. Prometheus scrapes every 15-60 s; 600 leaves room for dozens.
   */
  SWITCHBOARD_METRICS_SCRAPES_PER_MINUTE: whole(1, 600_000, 600),
  /** Scrapes answered at once after a quiet spell (the token bucket's size). */
  SWITCHBOARD_METRICS_SCRAPE_BURST: whole(1, 10_000, 20),
  /** Scrapes that may wait for a token beyond the rate; the ones beyond it are refused 429 when their wait ends. */
  SWITCHBOARD_METRICS_QUEUE: whole(0, 10_000, 64),
  /** How long a scrape beyond the rate is held: answered if its token comes, else 429 (0: refused at once). */
  SWITCHBOARD_METRICS_QUEUE_WAIT_MS: whole(0, 60_000, 2000),
  /** Webhook targets on loopback, private, link-local or unique-local addresses are refused unless this is true. */
  SWITCHBOARD_WEBHOOK_ALLOW_PRIVATE: flag(false),
  /** A webhook sink's reply is discarded; one longer than this many bytes fails the delivery (it is retried). */
  SWITCHBOARD_WEBHOOK_MAX_REPLY_BYTES: whole(0, 16 * 1024 * 1024, 65536),
  /** Open HTTP connections the server accepts at once; beyond it new connections are closed at once. */
  SWITCHBOARD_MAX_CONNECTIONS: whole(1, 1_000_000, 1000),
  /** Seconds a client has to send a request's headers, and its whole request (a half-sent request is dropped). */
  SWITCHBOARD_HEADERS_TIMEOUT: whole(1, 300, 10),
  /** The Board's public origin as browsers reach it (e.g. https://switchboard.example): https sets Secure and HSTS. */
  SWITCHBOARD_PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL')
    .refine((v) => URL.canParse(v), 'must be a valid URL')
    .optional(),
  /** Behind a TLS-terminating proxy: believe its X-Forwarded-Proto (only set it when the proxy always sets it). */
  SWITCHBOARD_TRUST_PROXY: flag(false),
  /** claim_next long polls (wait_seconds) one credential may hold open at once; more answer `throttled`. */
  SWITCHBOARD_MAX_WAITERS: whole(1, 10_000, 8),
  /**
   * How often a waiting claim_next may claim again because its doorbell rang (per waiter, a second): rings that come
   * faster are folded into the next claim, so no flood of rings, forged or genuine, costs more.
   */
  SWITCHBOARD_WAITER_CLAIMS_PER_SECOND: whole(1, 1000, 10),
  /**
   * A signal over NOTIFY (a doorbell ring, a revoked credential) stamped further than this from now, by the
   * database's clock, is ignored; within it, a replayed one is recognised and ignored too.
   */
  SWITCHBOARD_SIGNAL_MAX_AGE_SECONDS: whole(5, 3600, 120),
  /** The Streamable HTTP endpoint a `switchboard mcp` bridge forwards to (stdio without a database login). */
  SWITCHBOARD_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL (the server\'s /mcp)')
    .refine((v) => URL.canParse(v), 'must be a valid URL')
    .optional(),
  SWITCHBOARD_MCP_SESSIONS_PER_CREDENTIAL: whole(1, 100_000, 64),
  SWITCHBOARD_MCP_SESSIONS_MAX: whole(1, 1_000_000, 10_000),
  SWITCHBOARD_MCP_SESSION_IDLE_SECONDS: whole(1, 86_400, 600),
  /**
   * A session is closed (recycled) once it has answered this many requests after its initialize, when the answer in
   * flight is sent: the SDK's transport keeps every answered request (about 7 KiB each) until its session closes.
   */
  SWITCHBOARD_MCP_SESSION_MAX_REQUESTS: whole(1, 1_000_000, 256),
  /** The same once the answers a session has sent add up to this many bytes (the transport keeps them too). */
  SWITCHBOARD_MCP_SESSION_MAX_BYTES: whole(1024, 1024 * 1024 * 1024, 2 * 1024 * 1024),
  /**
   * What all open sessions together may keep of their answers (estimated as above); past it the sessions keeping the
   * most are recycled until the total is three quarters of it.
   */
  SWITCHBOARD_MCP_RETAINED_MAX_BYTES: whole(1024 * 1024, 64 * 1024 * 1024 * 1024, 256 * 1024 * 1024),
  SWITCHBOARD_MCP_CALLS_PER_CREDENTIAL: whole(1, 100, 4),
  SWITCHBOARD_MCP_QUEUE_PER_CREDENTIAL: whole(0, 10_000, 64),
  SWITCHBOARD_MCP_QUEUE_WAIT_MS: whole(0, 60_000, 2000),
  /**
   * Credential checks (switchboard_agent.authenticate) run at once, and waiting behind them: the pool share a flood
   * of unknown bearer strings can take from the tool calls.
   */
  SWITCHBOARD_MCP_AUTH_CHECKS: whole(1, 100, 2),
  SWITCHBOARD_MCP_AUTH_QUEUE: whole(0, 100_000, 256),
  /** How long a refused credential (401) waits for its answer: one guess per delay per connection. */
  SWITCHBOARD_MCP_REFUSAL_DELAY_MS: whole(0, 60_000, 1000),
  /**
   * Requests to /mcp one credential may make per second on average, and at once above that average; past them its
   * requests wait their turn (up to SWITCHBOARD_MCP_QUEUE_WAIT_MS), then 429. An agent makes a few a second.
   */
  SWITCHBOARD_MCP_REQUESTS_PER_SECOND: whole(1, 1_000_000, 100),
  SWITCHBOARD_MCP_REQUEST_BURST: whole(1, 1_000_000, 200),
});

export type Config = z.infer<typeof schema>;

/** A configuration error: `variable` is the environment variable at fault. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
  }
}

/** Reads the configuration; an empty variable counts as unset. Throws ConfigError on the first bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
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

/** The same configuration with DATABASE_URL required, for commands that cannot run without a database. */
export function requireDatabaseUrl(config: Config): string {
  if (!config.DATABASE_URL) {
    throw new ConfigError('DATABASE_URL', 'required (a postgres:// URL of the Switchboard database)');
  }
  return config.DATABASE_URL;
}
