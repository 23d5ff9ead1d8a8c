// Every process's configuration from the environment (server, worker, CLI), read once and validated by one zod schema.
// Each setting's description is its line in docs/settings.md (`npm run docs`); a bad value names its variable.
import { parseDatabaseUrl, urlForHost } from './db.js';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const TRUE = ['true', '1', 'yes', 'on'];
const FALSE = ['false', '0', 'no', 'off'];

const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(fallback);

const whole = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`)
    .default(fallback);

/** true/false, yes/no, on/off or 1/0, in any case. */
const bool = () =>
  z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .refine((v) => TRUE.includes(v) || FALSE.includes(v), 'must be true or false')
    .transform((v) => TRUE.includes(v));

const url = (schemes: RegExp, what: string) =>
  z
    .string()
    .regex(schemes, what)
    .refine((v) => URL.canParse(v), 'must be a valid URL');

const HTTP = /^https?:\/\/\S+$/;

const schema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .refine((v) => {
      // libpq's multi-host form (postgres://h1:p1,h2:p2/db?target_session_attrs=primary) included: every host valid.
      const p = parseDatabaseUrl(v);
      return p !== null && p.hosts.every((h) => h.host !== '' && URL.canParse(urlForHost(p, h)));
    }, 'must be a valid URL')
    .refine((v) => {
      const a = parseDatabaseUrl(v)?.params.get('target_session_attrs');
      return a === null || a === undefined || ['any', 'read-write', 'primary'].includes(a);
    }, 'target_session_attrs must be primary, read-write or any (Switchboard writes)')
    .optional()
    .describe(
      '`postgres://` URL, or libpq\'s multi-host form `postgres://h1:p1,h2:p2/db?target_session_attrs=primary` (every ' +
        'component then reaches the primary and follows a failover); required by every command except `start` (which ' +
        'then embeds Postgres) and `mcp`',
    ),
  SWITCHBOARD_HOST: z.string().min(1).default('127.0.0.1').describe('interface `serve`/`start` listen on (`--host`)'),
  SWITCHBOARD_PORT: port(7400).describe(
    'their port (`--port`; 0 picks a free one); when it is taken they stop at once with one line naming it',
  ),
  SWITCHBOARD_CREDENTIAL: z
    .string()
    .regex(/^\S{8,512}$/, 'must be the endpoint credential printed by `switchboard endpoint vend`')
    .optional()
    .describe('the endpoint credential `switchboard mcp` (stdio) acts as'),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info')
    .describe('`fatal` … `trace`, or `silent`'),
  SWITCHBOARD_DATA_DIR: z.string().min(1).default('.data/pg').describe('the embedded Postgres data folder (`--data-dir`)'),
  SWITCHBOARD_PG_PORT: port(54329).describe('the embedded Postgres port (`--pg-port`); another free one when it is taken'),
  SWITCHBOARD_DB_POOL_MAX: whole(1, 100, 10).describe("connections in the server's pool"),
  SWITCHBOARD_METRICS_CACHE_SECONDS: whole(0, 300, 10).describe(
    '`/metrics` reuses an answer this long (0: none); scrapes read on one connection of their own, and scrapes ' +
      'arriving during a read share it. Listening beyond loopback requires `SWITCHBOARD_METRICS_TOKEN` (the server ' +
      'refuses to start without it)',
  ),
  SWITCHBOARD_METRICS_SCRAPES_PER_MINUTE: whole(1, 600_000, 600).describe(
    '`/metrics` answers at most this many scrapes a minute in all (a token bucket, refilled evenly), cached or not, ' +
      'because the server is one event loop that the tool calls share; a scrape without the token is refused `401` ' +
      'first and spends none',
  ),
  SWITCHBOARD_METRICS_SCRAPE_BURST: whole(1, 10_000, 20).describe(
    "scrapes answered at once after a quiet spell (the bucket's size)",
  ),
  SWITCHBOARD_METRICS_QUEUE: whole(0, 10_000, 64).describe(
    'scrapes beyond the rate that wait for a token, first come first served',
  ),
  SWITCHBOARD_METRICS_QUEUE_WAIT_MS: whole(0, 60_000, 2000).describe(
    'how long a scrape beyond the rate is held: answered if its token comes in time, else `429` with `Retry-After` ' +
      "(seconds until a newcomer's token) and a one-line body naming the setting. A scrape beyond the queue is " +
      'refused too, but only when this wait ends, so a loop of scrapes cannot come straight back (0: refused at once)',
  ),
  SWITCHBOARD_METRICS_TOKEN: z
    .string()
    .regex(/^\S{16,512}$/, 'must be 16-512 characters without spaces')
    .optional()
    .describe('when set (16–512 characters), `GET /metrics` needs `Authorization: Bearer <token>`'),
  SWITCHBOARD_WEBHOOK_ALLOW_PRIVATE: bool()
    .default(false)
    .describe(
      'webhook targets that are, or resolve to, loopback, private (10/8, 172.16/12, 192.168/16), CGNAT, link-local, ' +
        'unique-local (fc00::/7), unspecified or multicast addresses (IPv4-mapped forms included) are refused at ' +
        'delivery time, after DNS, and the delivery retried; `true` allows them (tests, single-host setups)',
    ),
  SWITCHBOARD_WEBHOOK_MAX_REPLY_BYTES: whole(0, 16 * 1024 * 1024, 65536).describe(
    "a sink's reply is discarded unread; a longer one fails the delivery (retried). `SWITCHBOARD_NOTIFY_TIMEOUT` " +
      'bounds the whole delivery, reply included',
  ),
  SWITCHBOARD_MAX_CONNECTIONS: whole(1, 1_000_000, 1000).describe(
    'open HTTP connections at once; beyond it a new connection is closed at once',
  ),
  SWITCHBOARD_HEADERS_TIMEOUT: whole(1, 300, 10).describe(
    "seconds a client has to send a request's headers, and its whole request; a half-sent request is answered 408 " +
      'and closed',
  ),
  SWITCHBOARD_PUBLIC_URL: url(HTTP, 'must be an http:// or https:// URL')
    .optional()
    .describe(
      "the Board's origin as browsers reach it (e.g. `https://switchboard.example`): the only origin a sign-in or " +
        'form is accepted from, its host passes the loopback Host check (a reverse proxy on the same machine), the ' +
        'default of `owner login --url`; `https` makes the session cookie `Secure` and sends HSTS. Setting it requires ' +
        '`SWITCHBOARD_METRICS_TOKEN` (the server does not start without it)',
    ),
  SWITCHBOARD_TRUST_PROXY: bool()
    .default(false)
    .describe(
      '`true` behind a reverse proxy that always sets `X-Forwarded-Proto` and `X-Forwarded-For`: `https` there makes ' +
        'the cookie `Secure`, expects the `https://` origin and sends HSTS, and the client address the per-address ' +
        'shares count is the forwarded one. It also makes `/metrics` need its token. Leave it off when clients reach ' +
        'the server directly',
    ),
  SWITCHBOARD_MAX_WAITERS: whole(1, 10_000, 8).describe(
    '`claim_next` long polls (`wait_seconds`) one credential may hold at once; one more answers `throttled`. A call ' +
      "whose first claim finds work never counts. A wait is woken only by its own endpoint's todos, claims once per " +
      'ring, and ends when its client goes away',
  ),
  SWITCHBOARD_MAX_WAIT_SECONDS: whole(1, 50, 50).describe(
    'the longest a `claim_next` long poll waits (`wait_seconds` may ask up to 60; a larger one than this setting ' +
      "waits this long): below the MCP SDK client's default request timeout of 60 s, so a client left at its " +
      'defaults gets `{"empty": true}`, never `Request timed out`',
  ),
  SWITCHBOARD_WAITER_CLAIMS_PER_SECOND: whole(1, 1000, 10).describe(
    'how often one waiting `claim_next` (`wait_seconds`) may claim again because its doorbell rang (per waiter, a ' +
      'second): rings that come faster, forged or genuine, are folded into the next claim',
  ),
  SWITCHBOARD_SIGNAL_MAX_AGE_SECONDS: whole(5, 3600, 120).describe(
    "a doorbell ring over NOTIFY stamped further than this from now, by the database's clock, is ignored; within " +
      'it, a replayed one is recognised and ignored too (a ring from a transaction held open longer is ignored as well)',
  ),
  SWITCHBOARD_URL: url(HTTP, "must be an http:// or https:// URL (the server's /mcp)")
    .optional()
    .describe(
      'the running server `switchboard mcp` bridges to; unset: `http://$SWITCHBOARD_HOST:$SWITCHBOARD_PORT/mcp`',
    ),
  SWITCHBOARD_HTTP_REQUESTS_PER_SECOND: whole(1, 1_000_000, 100).describe(
    'requests one credential (an endpoint\'s, a Board session\'s) may make per second on average, on every HTTP ' +
      'surface; a request costs one more for every 64 KiB of body it announces. Past it a request is held for its ' +
      'turn, then `429` with `Retry-After`',
  ),
  SWITCHBOARD_HTTP_REQUEST_BURST: whole(1, 1_000_000, 200).describe(
    'requests one credential may make at once: the window holds this many and lasts BURST / PER_SECOND seconds',
  ),
  SWITCHBOARD_HTTP_CALLS_PER_CREDENTIAL: whole(1, 100, 4).describe('database calls one credential runs at once'),
  SWITCHBOARD_HTTP_QUEUE_PER_CREDENTIAL: whole(0, 10_000, 64).describe(
    'requests of one credential waiting their turn under the rate, and database calls waiting beyond the running ' +
      'ones; one more is `429` (after its wait)',
  ),
  SWITCHBOARD_HTTP_QUEUE_WAIT_MS: whole(0, 60_000, 2000).describe(
    'how long a request waits for room (calls, bodies, checks) before `429`; the longest a rate refusal is held',
  ),
  SWITCHBOARD_HTTP_AUTH_CHECKS: whole(1, 100, 2).describe(
    'checks of credentials not seen valid lately (unknown bearer strings, Board cookies, sign-in tokens) run at ' +
      'once: the share of the pool a flood of guesses can take',
  ),
  SWITCHBOARD_HTTP_AUTH_QUEUE: whole(0, 100_000, 256).describe('such checks waiting; one more is `429`'),
  SWITCHBOARD_HTTP_REFUSAL_DELAY_MS: whole(0, 60_000, 1000).describe(
    'how long a refused credential waits for its `401`: one guess per delay per connection; a missing one is ' +
      'refused at once',
  ),
  SWITCHBOARD_HTTP_CREDENTIAL_CACHE_SECONDS: whole(0, 3600, 60).describe(
    'how long a credential the database accepted is taken on that word for requests the database checks again ' +
      'anyway (tool calls); 0: never',
  ),
  SWITCHBOARD_HTTP_CREDENTIAL_CACHE_MAX: whole(1, 10_000_000, 10_000).describe(
    'credentials remembered at once (least recently used go first)',
  ),
  SWITCHBOARD_HTTP_CROWDED_DEADLINE_MS: whole(50, 60_000, 1000).describe(
    'once open connections pass `SWITCHBOARD_MAX_CONNECTIONS` less `SWITCHBOARD_HTTP_CONNECTION_RESERVE`, a new ' +
      'connection must send a request with a credential within this many milliseconds or it is closed (counted as ' +
      '`crowded_without_credential`); a request without one is answered and its connection closed',
  ),
  SWITCHBOARD_HTTP_CONNECTIONS_PER_ADDRESS: whole(1, 1_000_000, 256).describe(
    'open connections one peer address may hold; one more is closed as it opens. Not counted behind a trusted ' +
      "proxy (every connection is the proxy's)",
  ),
  SWITCHBOARD_HTTP_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS: whole(1, 1_000_000, 200).describe(
    'new connections one peer address may open a second, after its burst; one more is closed as it opens, before ' +
      'anything is read from it (a loop that reconnects at once costs an accept, not a request). Not counted behind a ' +
      'trusted proxy',
  ),
  SWITCHBOARD_HTTP_NEW_CONNECTION_BURST_PER_ADDRESS: whole(1, 1_000_000, 1000).describe(
    'new connections one peer address may open at once before SWITCHBOARD_HTTP_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS applies',
  ),
  SWITCHBOARD_HTTP_REQUESTS_PER_ADDRESS: whole(1, 1_000_000, 256).describe(
    'requests one client address may have in flight, held ones included (behind a trusted proxy: the address in ' +
      '`X-Forwarded-For`); one more is `429` at once and its connection closed',
  ),
  SWITCHBOARD_HTTP_MAX_BODY_BYTES: whole(1024, 64 * 1024 * 1024, 512 * 1024).describe(
    'the largest request body an API surface reads (512 KiB, twice the largest JSON document the database accepts, ' +
      'room for its escapes; `413` beyond, before the database is asked). The Board\'s forms: 400 KiB',
  ),
  SWITCHBOARD_HTTP_BODY_BYTES_IN_FLIGHT: whole(64 * 1024, 16 * 1024 * 1024 * 1024, 16 * 1024 * 1024).describe(
    'bytes of request bodies read and held at once, across every request (16 MiB): a body waits for room, then ' +
      '`429`. A parsed body costs the heap a small multiple of its bytes, so this bounds what requests can hold',
  ),
  SWITCHBOARD_A2A_MAX_BODY_BYTES: whole(1024, 64 * 1024 * 1024, 512 * 1024).describe(
    'the largest request body `/a2a` reads (512 KiB: a SendMessage payload is at most 256 KiB, so a larger body ' +
      'could only be refused by the database after it was read and parsed); past it `413`, as JSON-RPC',
  ),
  SWITCHBOARD_A2A_BLOCKING_SECONDS: whole(0, 600, 10).describe(
    'how long a blocking `SendMessage` waits for its task to end before answering it as it stands: work on a queue ' +
      'can take hours (0: at once)',
  ),
  SWITCHBOARD_A2A_STREAMS_PER_CREDENTIAL: whole(1, 10_000, 8).describe(
    'SSE streams (`SendStreamingMessage`, `SubscribeToTask`) and blocking sends one credential holds open at once; ' +
      'one more stream is `429` with `Retry-After`',
  ),
  SWITCHBOARD_A2A_STREAMS_MAX: whole(1, 1_000_000, 1000).describe(
    'the same for the whole server, and never more than `SWITCHBOARD_MAX_CONNECTIONS` less ' +
      '`SWITCHBOARD_HTTP_CONNECTION_RESERVE`, so streams cannot take the connections short requests need',
  ),
  SWITCHBOARD_HTTP_STREAMS_PER_TENANT: whole(1, 1_000_000, 32).describe(
    'long-lived streams (A2A SSE streams and blocking sends) open at once for one tenant: every endpoint of one team ' +
      'together, or every personal endpoint of one owner, so vending more endpoints buys no more streams; one more is ' +
      '`429`, counted as `streams_per_tenant`',
  ),
  SWITCHBOARD_HTTP_CONNECTION_RESERVE: whole(0, 1_000_000, 200).describe(
    'connections kept for short, credentialed requests: long-lived streams in all stop at ' +
      '`SWITCHBOARD_MAX_CONNECTIONS` less this (one more is `429`, counted as `streams_total`), and past it a new ' +
      'connection must show a credential within `SWITCHBOARD_HTTP_CROWDED_DEADLINE_MS`',
  ),
  SWITCHBOARD_A2A_KEEPALIVE_SECONDS: whole(1, 240, 30).describe(
    "a quiet stream writes an SSE comment and re-reads its task this often (Node's `fetch` drops a body silent for " +
      '~300 s)',
  ),
  SWITCHBOARD_REAP_INTERVAL: whole(1, 3600, 5).describe(
    'seconds between the worker\'s sweeps (reap, due retries, rings owed for later): a lapsed lease is closed, and a ' +
      'todo whose run_at came is rung, within one interval (plus the sweep)',
  ),
  SWITCHBOARD_NOTIFY_URL: url(HTTP, 'must be an http:// or https:// URL')
    .optional()
    .describe(
      "the instance's dead-letter webhook (http or https): ids, queue, count and outcome only, never a tenant's " +
        'text; unset: dead letters are notified only to owners that set a notify_url',
    ),
  SWITCHBOARD_NOTIFY_TIMEOUT: whole(1, 120, 10).describe(
    'seconds before a webhook POST is abandoned (and retried later by the worker)',
  ),
  SWITCHBOARD_WORKER_CONCURRENCY: whole(1, 64, 4).describe('jobs the worker runs at once (webhook deliveries, prune)'),
  SWITCHBOARD_PRUNE_BATCH: whole(1, 100_000, 1000).describe('todos deleted per prune transaction'),
  // Unset stays undefined, so that the setting is then left as it is (a DBA may have set it in psql).
  SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT: bool()
    .optional()
    .describe(
      'when set, `serve` and `start` write it into the database setting `attempt_summary_from_result` as they ' +
        "start; unset, they leave the setting as it is, so a restart never undoes a DBA's choice",
    ),
});

export type Config = z.infer<typeof schema>;

/** The schema itself, for the generated settings table (scripts/docs.mjs). */
export const CONFIG_SCHEMA = schema;

/** A configuration error: `variable` is the environment variable at fault. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
  }
}

/** Settings that were renamed: set under the old name, the server refuses to start rather than ignore the limit. */
const RENAMED: Record<string, string> = Object.fromEntries(
  ['REQUESTS_PER_SECOND', 'REQUEST_BURST', 'CALLS_PER_CREDENTIAL', 'QUEUE_PER_CREDENTIAL', 'QUEUE_WAIT_MS', 'AUTH_CHECKS', 'AUTH_QUEUE', 'REFUSAL_DELAY_MS'].map(
    (k) => [`SWITCHBOARD_MCP_${k}`, `SWITCHBOARD_HTTP_${k}`],
  ),
);

/** Reads the configuration; an empty variable counts as unset. Throws ConfigError on the first bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  for (const [old, now] of Object.entries(RENAMED)) {
    if (env[old] !== undefined && env[old] !== '') throw new ConfigError(old, `renamed ${now} (it bounds every HTTP surface now)`);
  }
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
