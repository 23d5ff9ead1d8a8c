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

const count = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`)
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
  /** The Streamable HTTP endpoint a `switchboard mcp` bridge forwards to (stdio without a database login). */
  SWITCHBOARD_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL (the server\'s /mcp)')
    .refine((v) => URL.canParse(v), 'must be a valid URL')
    .optional(),
  SWITCHBOARD_MCP_SESSIONS_PER_CREDENTIAL: count(1, 100_000, 64),
  SWITCHBOARD_MCP_SESSIONS_MAX: count(1, 1_000_000, 10_000),
  SWITCHBOARD_MCP_SESSION_IDLE_SECONDS: count(1, 86_400, 600),
  SWITCHBOARD_MCP_CALLS_PER_CREDENTIAL: count(1, 100, 4),
  SWITCHBOARD_MCP_QUEUE_PER_CREDENTIAL: count(0, 10_000, 64),
  SWITCHBOARD_MCP_QUEUE_WAIT_MS: count(0, 60_000, 2000),
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
