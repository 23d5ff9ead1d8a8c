// `switchboard mcp`: MCP over stdin/stdout as a bridge to a running server's Streamable HTTP endpoint. It holds
// only the server's URL and the endpoint credential: no database login ever reaches an agent's config.
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { type JSONRPCMessage, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../log.js';

export interface BridgeOptions {
  /** The server's MCP URL (http://host:port/mcp). */
  url: string;
  credential: string;
  log: Logger;
}

const isRequest = (m: JSONRPCMessage): m is JSONRPCMessage & { id: string | number; method: string } =>
  'method' in m && 'id' in m;

/**
 * Relays every JSON-RPC message between the stdio client and the server, one MCP session on the server for the
 * life of the process. A request the server cannot be reached for (down, 401 for a revoked credential) is
 * answered on stdio with a JSON-RPC error saying so. Resolves when stdin closes; the server session is ended then.
 */
export async function serveStdioBridge(opts: BridgeOptions): Promise<void> {
  const stdio = new StdioServerTransport();
  const http = new StreamableHTTPClientTransport(new URL(opts.url), {
    requestInit: { headers: { Authorization: `Bearer ${opts.credential}` } },
  });
  // The initialize request's id, to read the protocol version the server chose from its answer.
  let initializeId: string | number | undefined;

  http.onmessage = (message) => {
    if (initializeId !== undefined && 'id' in message && message.id === initializeId && 'result' in message) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      http.setProtocolVersion(typeof version === 'string' ? version : LATEST_PROTOCOL_VERSION);
      initializeId = undefined;
    }
    stdio.send(message).catch((err) => opts.log.error({ err }, 'stdio: could not write a message'));
  };
  http.onerror = (err) => opts.log.warn({ err: { message: err.message } }, 'mcp bridge: server stream error');

  stdio.onmessage = (message) => {
    if (isRequest(message) && message.method === 'initialize') initializeId = message.id;
    http.send(message).catch((err: Error) => {
      opts.log.warn({ err: { message: err.message } }, 'mcp bridge: could not reach the server');
      if (!isRequest(message)) return;
      const unauthorized = err instanceof StreamableHTTPError && err.code === 401;
      const reply: JSONRPCMessage = {
        jsonrpc: '2.0',
        id: message.id,
        error: {
          code: -32000,
          message: unauthorized
            ? 'Unauthorized: the server refused the credential (SWITCHBOARD_CREDENTIAL): unknown, revoked or rotated out'
            : `the Switchboard server at ${opts.url} could not be reached: ${err.message}`,
        },
      };
      void stdio.send(reply).catch(() => {});
    });
  };

  const closed = new Promise<void>((resolve) => {
    stdio.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await http.start();
  await stdio.start();
  opts.log.info({ url: opts.url }, 'mcp over stdio, bridged to the server');
  await closed;
  await http.terminateSession().catch(() => {});
  await http.close().catch(() => {});
  await stdio.close().catch(() => {});
}
