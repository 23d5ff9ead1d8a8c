// The objects every surface is handed: the pool, the ledger wrappers, the logger and the configuration.
import type { Config } from './config.js';
import type { Sql } from './db.js';
import type { Endpoint, Ledger } from './ledger.js';
import type { Logger } from './log.js';
import type { CallGate } from './mcp/fairness.js';

/**
 * Shared by the HTTP server, its mount hooks (metrics, the Board) and onStart/onStop (the worker).
 * Surfaces add what they need to it by extending this interface, not by reaching for globals.
 */
export interface AppContext {
  sql: Sql;
  ledger: Ledger;
  log: Logger;
  config: Config;
  /** What /mcp has refused and recycled since the process started (given to mount hooks, for /metrics). */
  mcpStats?: () => McpStats;
}

/** Counts kept by the /mcp surface in this process; none names a tenant. */
export interface McpStats {
  /** MCP sessions open now. */
  sessions: number;
  /** Sessions recycled, by why: `requests`, `bytes` (the session's budgets), `total` (what all sessions keep). */
  recycled: Record<string, number>;
  /** Requests answered 429, by the limit that refused them. */
  throttled: Record<string, number>;
  /** NOTIFYs on Switchboard's channels not taken as its signals, by why: forged, stale, replayed. */
  signalsRefused?: Record<string, number>;
}

/** What an MCP server is built with: the app context plus the endpoint the session authenticated as. */
export interface ToolContext extends AppContext {
  endpoint: Endpoint;
  /**
   * The credential tool calls act with when a request carries none of its own (the SDK's authInfo, over HTTP):
   * a server on the in-memory transport, in tests.
   */
  credential?: string;
  /** Over HTTP: the per-credential share of the pool every database call goes through. */
  gate?: CallGate;
}
