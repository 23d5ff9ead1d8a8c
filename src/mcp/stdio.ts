// `switchboard mcp`: MCP over stdin/stdout as a bridge to a running server's Streamable HTTP endpoint. It holds
// only the server's URL and the endpoint credential: no database login ever reaches an agent's config.
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { type JSONRPCMessage, type JSONRPCRequest, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../log.js';

export interface BridgeOptions {
  /** The server's MCP URL (http://host:port/mcp). */
  url: string;
  credential: string;
  log: Logger;
}

const isRequest = (m: JSONRPCMessage): m is JSONRPCRequest => 'method' in m && 'id' in m;

/** The server's own words in a refusal (`throttled: …` naming the limit, `Unauthorized: …`), from the SDK's error text. */
function serverWords(text: string, prefix: string): string | null {
  const m = new RegExp(`"message"\\s*:\\s*"(${prefix}(?:[^"\\\\]|\\\\.)*)"`).exec(text);
  if (!m) return null;
  try {
    return JSON.parse(`"${m[1]}"`) as string;
  } catch {
    return null;
  }
}

/**
 * The server's own words for a 429 (`throttled: …`, naming the limit); the agent is told it was refused for its rate
 * or share, not that the server could not be reached.
 */
export function throttledMessage(text: string): string {
  return (
    serverWords(text, 'throttled: ') ??
    "throttled: the server refused the request for this credential's rate or share of it; retry shortly"
  );
}

/** What the stdio client is told when a message could not be relayed, by what the server answered. */
export function relayFailure(err: Error, url: string): { message: string; log: string } {
  const status = err instanceof StreamableHTTPError ? err.code : undefined;
  if (status === 401) {
    return {
      message: 'Unauthorized: the server refused the credential (SWITCHBOARD_CREDENTIAL): unknown, revoked or rotated out',
      log: 'mcp bridge: the server refused the credential (401)',
    };
  }
  if (status === 429) return { message: throttledMessage(err.message), log: 'mcp bridge: the server throttled a request (429)' };
  if (status !== undefined && status >= 400) {
    return {
      message: `the Switchboard server at ${url} refused the request (HTTP ${status}): ${err.message}`,
      log: `mcp bridge: the server answered HTTP ${status}`,
    };
  }
  return {
    message: `the Switchboard server at ${url} could not be reached: ${err.message}`,
    log: 'mcp bridge: could not reach the server',
  };
}

/**
 * Relays every JSON-RPC message between the stdio client and the server, on one client transport. The server keeps
 * no session (any of its instances answers any request, after a restart too), so there is nothing to renew; a
 * request the server refused or could not be reached for is answered on stdio with a JSON-RPC error saying which.
 * Resolves when stdin closes.
 */
export async function serveStdioBridge(opts: BridgeOptions): Promise<void> {
  const stdio = new StdioServerTransport();
  const upstream = new StreamableHTTPClientTransport(new URL(opts.url), {
    requestInit: { headers: { Authorization: `Bearer ${opts.credential}` } },
  });
  // The client's initialize request id, to read the protocol version the server chose from its answer.
  let initializeId: string | number | undefined;

  upstream.onmessage = (message) => {
    if (initializeId !== undefined && 'id' in message && message.id === initializeId && 'result' in message) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      upstream.setProtocolVersion(typeof version === 'string' ? version : LATEST_PROTOCOL_VERSION);
      initializeId = undefined;
    }
    stdio.send(message).catch((err) => opts.log.error({ err }, 'stdio: could not write a message'));
  };
  upstream.onerror = (err) => opts.log.debug({ err: { message: err.message } }, 'mcp bridge: server stream error');

  stdio.onmessage = (message) => {
    if (isRequest(message) && message.method === 'initialize') initializeId = message.id;
    upstream.send(message).catch((err: Error) => {
      const failure = relayFailure(err, opts.url);
      opts.log.warn({ err: { message: err.message } }, failure.log);
      if (!isRequest(message)) return;
      const reply: JSONRPCMessage = { jsonrpc: '2.0', id: message.id, error: { code: -32000, message: failure.message } };
      void stdio.send(reply).catch(() => {});
    });
  };

  const closed = new Promise<void>((resolve) => {
    stdio.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await upstream.start();
  await stdio.start();
  opts.log.info({ url: opts.url }, 'mcp over stdio, bridged to the server');
  await closed;
  await upstream.close().catch(() => {});
  await stdio.close().catch(() => {});
}
