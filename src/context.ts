// The objects every surface is handed: the pool, the ledger wrappers, the logger and the configuration.
import type { Config } from './config.js';
import type { Sql } from './db.js';
import type { Endpoint, Ledger } from './ledger.js';
import type { Logger } from './log.js';

/**
 * Shared by the HTTP server, its mount hooks (metrics, the Board) and onStart/onStop (the worker).
 * Surfaces add what they need to it by extending this interface, not by reaching for globals.
 */
export interface AppContext {
  sql: Sql;
  ledger: Ledger;
  log: Logger;
  config: Config;
}

/** What an MCP tool is registered with: the app context plus the endpoint the session authenticated as. */
export interface ToolContext extends AppContext {
  endpoint: Endpoint;
  /**
   * The credential the session authenticated with. A tool call over HTTP sends the request's own credential (which
   * may be a rotated successor) instead; this one serves stdio, whose one credential is fixed for its life.
   */
  credential: string;
}
