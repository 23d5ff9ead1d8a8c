// The front door every HTTP surface stands behind: what its middlewares share across surfaces (the lane for checks
// of unknown credentials, the per-credential rate and call gate, the bytes of bodies in flight, the per-address
// shares, the budgets of long-lived streams) and the one way a limit refuses: 429 `throttled` naming its setting,
// counted for /metrics.
import type { Server, ServerResponse } from 'node:http';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import { ByteBudget } from './body-budget.js';
import { CallGate } from './call-gate.js';
import type { Refusals } from './refusals.js';
import { RequestRate } from './request-rate.js';
import { SourceShare } from './source-share.js';
import { StreamBudget } from './stream-budget.js';
import { Crowd } from './crowd.js';

/** The limits that answer 429, as /metrics labels them. */
export type Limit =
  | 'request_rate'
  | 'calls_per_credential'
  | 'credential_checks'
  | 'connections_per_address'
  | 'requests_per_address'
  | 'new_connections_per_address'
  | 'body_bytes_in_flight'
  | 'streams_per_endpoint'
  | 'streams_per_tenant'
  | 'streams_total'
  | 'crowded_without_credential';

export type DoorConfig = Pick<
  Config,
  | 'SWITCHBOARD_HTTP_REQUESTS_PER_SECOND'
  | 'SWITCHBOARD_HTTP_REQUEST_BURST'
  | 'SWITCHBOARD_HTTP_CALLS_PER_CREDENTIAL'
  | 'SWITCHBOARD_HTTP_QUEUE_PER_CREDENTIAL'
  | 'SWITCHBOARD_HTTP_QUEUE_WAIT_MS'
  | 'SWITCHBOARD_HTTP_AUTH_CHECKS'
  | 'SWITCHBOARD_HTTP_AUTH_QUEUE'
  | 'SWITCHBOARD_HTTP_REFUSAL_DELAY_MS'
  | 'SWITCHBOARD_HTTP_CREDENTIAL_CACHE_SECONDS'
  | 'SWITCHBOARD_HTTP_CREDENTIAL_CACHE_MAX'
  | 'SWITCHBOARD_HTTP_CONNECTIONS_PER_ADDRESS'
  | 'SWITCHBOARD_HTTP_REQUESTS_PER_ADDRESS'
  | 'SWITCHBOARD_HTTP_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS'
  | 'SWITCHBOARD_HTTP_NEW_CONNECTION_BURST_PER_ADDRESS'
  | 'SWITCHBOARD_HTTP_BODY_BYTES_IN_FLIGHT'
  | 'SWITCHBOARD_TRUST_PROXY'
  | 'SWITCHBOARD_MAX_CONNECTIONS'
  | 'SWITCHBOARD_HTTP_CONNECTION_RESERVE'
  | 'SWITCHBOARD_HTTP_STREAMS_PER_TENANT'
  | 'SWITCHBOARD_A2A_STREAMS_PER_CREDENTIAL'
  | 'SWITCHBOARD_A2A_STREAMS_MAX'
  | 'SWITCHBOARD_HTTP_CROWDED_DEADLINE_MS'
>;

export class FrontDoor {
  /** Requests answered 429 since the process started, by the limit that refused them. */
  readonly throttled: Record<Limit, number> = {
    request_rate: 0,
    calls_per_credential: 0,
    credential_checks: 0,
    connections_per_address: 0,
    new_connections_per_address: 0,
    requests_per_address: 0,
    body_bytes_in_flight: 0,
    streams_per_endpoint: 0,
    streams_per_tenant: 0,
    streams_total: 0,
    crowded_without_credential: 0,
  };
  /** Checks of credentials not seen valid lately: SWITCHBOARD_HTTP_AUTH_CHECKS at once, _AUTH_QUEUE waiting. */
  readonly checks: CallGate;
  /** Database calls per credential: SWITCHBOARD_HTTP_CALLS_PER_CREDENTIAL at once, _QUEUE_PER_CREDENTIAL waiting. */
  readonly calls: CallGate;
  readonly rate: RequestRate;
  readonly bodies: ByteBudget;
  readonly sources: SourceShare;
  /** Long-lived streams: per endpoint, per tenant (team or owner) and in all, leaving a reserve of connections. */
  readonly streams: StreamBudget;
  /** Past the unreserved connections, a new connection must show a credential promptly. */
  readonly crowd: Crowd;
  private readonly closers: (() => Promise<void>)[] = [];
  /**
   * Runs `go` after `ms`: how a refusal is held (heldRefusal). setTimeout; a test puts a recorder in its place to
   * assert the delay the door asked for, since elapsed time on a shared machine proves nothing.
   */
  hold: (go: () => void, ms: number) => void = (go, ms) => {
    setTimeout(go, ms);
  };

  constructor(
    readonly config: DoorConfig,
    readonly log: Logger,
  ) {
    const waitMs = config.SWITCHBOARD_HTTP_QUEUE_WAIT_MS;
    this.checks = new CallGate({ running: config.SWITCHBOARD_HTTP_AUTH_CHECKS, queued: config.SWITCHBOARD_HTTP_AUTH_QUEUE, waitMs });
    this.calls = new CallGate({
      running: config.SWITCHBOARD_HTTP_CALLS_PER_CREDENTIAL,
      queued: config.SWITCHBOARD_HTTP_QUEUE_PER_CREDENTIAL,
      waitMs,
    });
    this.rate = new RequestRate({
      perSecond: config.SWITCHBOARD_HTTP_REQUESTS_PER_SECOND,
      burst: config.SWITCHBOARD_HTTP_REQUEST_BURST,
      queued: config.SWITCHBOARD_HTTP_QUEUE_PER_CREDENTIAL,
      waitMs,
    });
    this.bodies = new ByteBudget(config.SWITCHBOARD_HTTP_BODY_BYTES_IN_FLIGHT, waitMs);
    this.sources = new SourceShare({
      connections: config.SWITCHBOARD_HTTP_CONNECTIONS_PER_ADDRESS,
      requests: config.SWITCHBOARD_HTTP_REQUESTS_PER_ADDRESS,
      newPerSecond: config.SWITCHBOARD_HTTP_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS,
      newBurst: config.SWITCHBOARD_HTTP_NEW_CONNECTION_BURST_PER_ADDRESS,
      trustProxy: config.SWITCHBOARD_TRUST_PROXY,
    });
    this.crowd = new Crowd({
      crowdedAt: Math.max(0, config.SWITCHBOARD_MAX_CONNECTIONS - config.SWITCHBOARD_HTTP_CONNECTION_RESERVE),
      deadlineMs: config.SWITCHBOARD_HTTP_CROWDED_DEADLINE_MS,
    });
    this.streams = new StreamBudget({
      perEndpoint: config.SWITCHBOARD_A2A_STREAMS_PER_CREDENTIAL,
      perTenant: config.SWITCHBOARD_HTTP_STREAMS_PER_TENANT,
      total: Math.max(
        1,
        Math.min(config.SWITCHBOARD_A2A_STREAMS_MAX, config.SWITCHBOARD_MAX_CONNECTIONS - config.SWITCHBOARD_HTTP_CONNECTION_RESERVE),
      ),
    });
  }

  /** Starts counting the server's connections per source address (one beyond its share is closed at once). */
  watch(server: Server): void {
    this.sources.watch(server, (limit) => this.throttled[limit]++);
    this.crowd.watch(server, () => this.throttled.crowded_without_credential++);
  }

  /** Registers what to undo when the server stops (a LISTEN, a timer). */
  onClose(fn: () => Promise<void>): void {
    this.closers.push(fn);
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.closers.splice(0).map((fn) => fn()));
  }

  /** Answers 429 for `limit`, with Retry-After and the surface's message naming the setting. */
  refuse<R extends ServerResponse>(limit: Limit, refusals: Refusals<R>, res: R, message: string, retryAfterSeconds: number): void {
    if (res.headersSent || res.destroyed) return;
    this.throttled[limit]++;
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
    refusals.throttled(res, message);
  }
}
