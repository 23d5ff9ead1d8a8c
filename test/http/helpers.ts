// Helpers for the front door's tests: a server on a fixture's pool with settings from an environment, and raw MCP
// requests over real HTTP.
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server.js';
import type { Fixture } from '../mcp/helpers.js';

interface Teardown {
  teardown(fn: () => unknown): void;
}

export async function serve(t: Teardown, f: Fixture, env: Record<string, string> = {}, opts: Partial<ServerOptions> = {}): Promise<RunningServer> {
  const server = await startServer({ config: loadConfig(env), sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0, ...opts });
  t.teardown(() => server.stop(1000));
  return server;
}

/** The delays the server's door asks to hold refusals for, in order; each hold is still kept as asked. */
export function recordHolds(server: RunningServer): number[] {
  const holds: number[] = [];
  const hold = server.door.hold;
  server.door.hold = (go, ms) => {
    holds.push(ms);
    hold(go, ms);
  };
  return holds;
}

export const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
export const toolsList = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
export const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** POSTs a JSON-RPC body to /mcp with the credential (none when null); resolves to status, headers and text. */
export async function post(url: string, credential: string | null, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...(credential === null ? {} : { authorization: `Bearer ${credential}` }),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}
