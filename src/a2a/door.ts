// What /a2a's handler needs of the shared front door (src/http/): the caller the door authenticated, and each of its
// database calls run within the credential's share of the pool. The checks themselves (credential, rate, body,
// per-address share) are the door's middlewares, mounted in mount.ts as /mcp mounts them.
import type { ServerResponse } from 'node:http';
import type { FrontDoor } from '../http/door.js';
import type { Endpoint } from '../ledger.js';

/** An authenticated caller: the credential it presented, its SHA-256 (hex), and the endpoint it names. */
export interface Caller {
  credential: string;
  digest: string;
  endpoint: Endpoint;
}

export interface A2aDoor {
  /** Runs one database call of the caller when fewer than its concurrency limit run (the door's call gate). */
  run<T>(caller: Caller, work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/** The handler's view of the shared door. */
export function a2aDoor(door: FrontDoor): A2aDoor {
  return { run: (caller, work, signal) => door.calls.run(caller.endpoint.endpoint_id, work, signal) };
}

/** A JSON-RPC error answered before the SDK runs (no id: the request was not read or not let through). */
export function rpcRefusal(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } });
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
