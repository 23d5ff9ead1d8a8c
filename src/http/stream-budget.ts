// Budgets of long-lived streams (A2A SSE streams and blocking sends; any surface's held responses): per endpoint,
// per tenant (the team a team endpoint was vended in, else the owner, so minting more endpoints buys no more
// streams), and in all, capped below the server's connection limit so a reserve of connections always stays for
// short requests. One beyond a budget is refused 429 by the surface and counted by the front door.
export interface StreamLimits {
  perEndpoint: number;
  perTenant: number;
  /** Streams of the whole server: the smaller of the configured maximum and the connection limit less the reserve. */
  total: number;
}

export type StreamRefusal = 'streams_per_endpoint' | 'streams_per_tenant' | 'streams_total';

function bump(map: Map<string, number>, key: string, delta: number): void {
  const n = (map.get(key) ?? 0) + delta;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}

export class StreamBudget {
  private readonly endpoints = new Map<string, number>();
  private readonly tenants = new Map<string, number>();
  private open = 0;

  constructor(readonly limits: StreamLimits) {}

  /** Takes a stream slot: its release (idempotent), or which budget is spent. */
  take(endpointId: string, tenant: string): { release: () => void } | { refused: StreamRefusal } {
    if ((this.endpoints.get(endpointId) ?? 0) >= this.limits.perEndpoint) return { refused: 'streams_per_endpoint' };
    if ((this.tenants.get(tenant) ?? 0) >= this.limits.perTenant) return { refused: 'streams_per_tenant' };
    if (this.open >= this.limits.total) return { refused: 'streams_total' };
    bump(this.endpoints, endpointId, 1);
    bump(this.tenants, tenant, 1);
    this.open++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        bump(this.endpoints, endpointId, -1);
        bump(this.tenants, tenant, -1);
        this.open--;
      },
    };
  }

  /** Streams open now: in all, of one endpoint, of one tenant. */
  count(of?: { endpoint?: string; tenant?: string }): number {
    if (of?.endpoint !== undefined) return this.endpoints.get(of.endpoint) ?? 0;
    if (of?.tenant !== undefined) return this.tenants.get(of.tenant) ?? 0;
    return this.open;
  }
}

/** The tenant a credential's streams count against: its team's, else its owner's. */
export function streamTenant(e: { owner_id: string; team_id?: string | null }): string {
  return e.team_id ? `team:${e.team_id}` : `owner:${e.owner_id}`;
}
