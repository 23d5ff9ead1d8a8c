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
  /** How long the bridge waits for the answer to its own initialize when it opens a new session (ms). */
  initializeTimeoutMs?: number;
}

const isRequest = (m: JSONRPCMessage): m is JSONRPCRequest => 'method' in m && 'id' in m;
const isNotification = (m: JSONRPCMessage, method: string) => 'method' in m && !('id' in m) && m.method === method;

/**
 * The server's own words for a 429 (`throttled: …`, naming the limit), from the body the SDK puts in its error; the
 * agent is told it was refused for its rate or share, not that the server could not be reached.
 */
export function throttledMessage(text: string): string {
  const m = /"message"\s*:\s*"(throttled: (?:[^"\\]|\\.)*)"/.exec(text);
  let why = 'throttled: the server refused the request for this credential\'s rate or share of it; retry shortly';
  if (m) {
    try {
      why = JSON.parse(`"${m[1]}"`) as string;
    } catch {
      // A body cut short leaves the general message.
    }
  }
  return why;
}

/** Sends the protocol version the server chose in its answer to an initialize on that session's requests. */
function adoptVersion(transport: StreamableHTTPClientTransport, result: unknown): void {
  const version = (result as { protocolVersion?: unknown }).protocolVersion;
  transport.setProtocolVersion(typeof version === 'string' ? version : LATEST_PROTOCOL_VERSION);
}

/** One MCP session on the server, through one client transport. */
interface Upstream {
  transport: StreamableHTTPClientTransport;
  /** Messages being sent on it: a replaced session's transport is closed once they are done. */
  inFlight: number;
  replaced: boolean;
  /** The bridge's own requests on this session (its initialize), answered here and never relayed to stdio. */
  own: Map<string | number, (m: JSONRPCMessage) => void>;
}

/**
 * Relays every JSON-RPC message between the stdio client and the server. A request the server cannot be reached for
 * (down, 401 for a revoked credential) is answered on stdio with a JSON-RPC error saying so. When the server has
 * closed the session (idle, recycled after its budget, restarted) the bridge opens a new one with the initialize the
 * client sent, and sends the request again there: the stdio client never sees it. Resolves when stdin closes; the
 * server session is ended then.
 */
export async function serveStdioBridge(opts: BridgeOptions): Promise<void> {
  const stdio = new StdioServerTransport();
  const initializeTimeoutMs = opts.initializeTimeoutMs ?? 30_000;
  // What the client sent to open its session, to say again on a new one: the same client info, capabilities and
  // protocol version. The notifications/initialized is sent again only if the client had sent it.
  let initialize: JSONRPCRequest | undefined;
  let initialized = false;
  // The client's initialize request id, to read the protocol version the server chose from its answer.
  let initializeId: string | number | undefined;
  let renewals = 0;

  const relayToClient = (message: JSONRPCMessage) =>
    stdio.send(message).catch((err) => opts.log.error({ err }, 'stdio: could not write a message'));

  const open = (): Upstream => {
    const transport = new StreamableHTTPClientTransport(new URL(opts.url), {
      requestInit: { headers: { Authorization: `Bearer ${opts.credential}` } },
    });
    const u: Upstream = { transport, inFlight: 0, replaced: false, own: new Map() };
    transport.onmessage = (message) => {
      const id = 'id' in message && !('method' in message) ? message.id : undefined;
      if (id !== undefined && u.own.has(id)) {
        u.own.get(id)!(message);
        u.own.delete(id);
        return;
      }
      if (initializeId !== undefined && 'id' in message && message.id === initializeId && 'result' in message) {
        adoptVersion(transport, message.result);
        initializeId = undefined;
      }
      void relayToClient(message);
    };
    // A failed POST is logged where its send fails; what is left here is the standing GET stream, which ends, and
    // whose reconnections fail, whenever the server closes the session.
    transport.onerror = (err) => opts.log.debug({ err: { message: err.message } }, 'mcp bridge: server stream error');
    return u;
  };

  let upstream = open();
  let renewing: Promise<Upstream> | null = null;

  const retire = (u: Upstream) => {
    u.replaced = true;
    if (u.inFlight === 0) void u.transport.close().catch(() => {});
  };

  const sendOn = async (u: Upstream, message: JSONRPCMessage) => {
    u.inFlight++;
    try {
      await u.transport.send(message);
    } finally {
      u.inFlight--;
      // Answers still owed on a replaced session arrive through its own transport: it is closed only after them.
      if (u.replaced && u.inFlight === 0) void u.transport.close().catch(() => {});
    }
  };

  /** A new session, as the client opened its first: initialize (answered here), then notifications/initialized. */
  const renew = (gone: Upstream): Promise<Upstream> => {
    if (upstream !== gone) return renewing ?? Promise.resolve(upstream);
    renewing ??= (async () => {
      const fresh = open();
      await fresh.transport.start();
      if (initialize) {
        const id = `switchboard-bridge-initialize-${++renewals}`;
        let timer: NodeJS.Timeout | undefined;
        const answered = new Promise<JSONRPCMessage>((resolve, reject) => {
          fresh.own.set(id, resolve);
          timer = setTimeout(() => reject(new Error('no answer to the initialize of a new session')), initializeTimeoutMs);
        });
        try {
          await sendOn(fresh, { ...initialize, id });
          const answer = await answered;
          if (!('result' in answer)) throw new Error(`the server refused a new session: ${JSON.stringify(answer)}`);
          adoptVersion(fresh.transport, answer.result);
        } catch (err) {
          fresh.own.clear();
          void fresh.transport.close().catch(() => {});
          throw err;
        } finally {
          clearTimeout(timer);
        }
        if (initialized) await sendOn(fresh, { jsonrpc: '2.0', method: 'notifications/initialized' });
      }
      upstream = fresh;
      retire(gone);
      opts.log.info({ url: opts.url }, 'mcp bridge: the server had closed the session; opened a new one');
      return fresh;
    })().finally(() => (renewing = null));
    return renewing;
  };

  /**
   * Sends a message to the server; if the server no longer knows its session, once more on a new session. That is
   * safe for any request, claim_next and complete included: a 404 for a session means the request was not run. The
   * server answers it before the SDK's transport sees the request (the session is unknown, or being recycled), or
   * the transport does (StreamableHTTPServerTransport: a closed transport, or a session id not its own, is refused
   * before the message reaches the server's handlers), and an answer that was run is a 200 or nothing at all.
   */
  const relay = async (message: JSONRPCMessage) => {
    const u = upstream;
    try {
      await sendOn(u, message);
    } catch (err) {
      const sessionGone = err instanceof StreamableHTTPError && err.code === 404 && u.transport.sessionId !== undefined;
      if (!sessionGone || isNotification(message, 'notifications/initialized')) throw err;
      await sendOn(await renew(u), message);
    }
  };

  stdio.onmessage = (message) => {
    if (isRequest(message) && message.method === 'initialize') {
      initializeId = message.id;
      initialize = message;
    }
    if (isNotification(message, 'notifications/initialized')) initialized = true;
    relay(message).catch((err: Error) => {
      opts.log.warn({ err: { message: err.message } }, 'mcp bridge: could not reach the server');
      if (!isRequest(message)) return;
      const unauthorized = err instanceof StreamableHTTPError && err.code === 401;
      const throttled = err instanceof StreamableHTTPError && err.code === 429 ? throttledMessage(err.message) : null;
      const reply: JSONRPCMessage = {
        jsonrpc: '2.0',
        id: message.id,
        error: {
          code: -32000,
          message: unauthorized
            ? 'Unauthorized: the server refused the credential (SWITCHBOARD_CREDENTIAL): unknown, revoked or rotated out'
            : (throttled ?? `the Switchboard server at ${opts.url} could not be reached: ${err.message}`),
        },
      };
      void stdio.send(reply).catch(() => {});
    });
  };

  const closed = new Promise<void>((resolve) => {
    stdio.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await upstream.transport.start();
  await stdio.start();
  opts.log.info({ url: opts.url }, 'mcp over stdio, bridged to the server');
  await closed;
  await upstream.transport.terminateSession().catch(() => {});
  await upstream.transport.close().catch(() => {});
  await stdio.close().catch(() => {});
}
