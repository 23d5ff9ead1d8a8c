// The objects every surface is handed: the pool, the ledger wrappers, the logger, the configuration and the door.
import type { Config } from './config.js';
import type { Sql } from './db.js';
import type { FrontDoor } from './http/door.js';
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
  /** The front door every HTTP surface mounts behind (set by startServer; absent outside the HTTP server). */
  door?: FrontDoor;
}

/** What an MCP server is built with: the app context plus the endpoint the request authenticated as. */
export interface ToolContext extends AppContext {
  endpoint: Endpoint;
  /**
   * The credential tool calls act with when a request carries none of its own (the SDK's authInfo, over HTTP):
   * a server on the in-memory transport, in tests.
   */
  credential?: string;
}
