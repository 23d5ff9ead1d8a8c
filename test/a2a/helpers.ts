// Test fixtures for the A2A surface: a real server (/a2a and /mcp) on a fresh database, requester and worker
// endpoints, the SDK's own v1.0 client and its v0.3 transport, each sending a bearer credential, and a queue of a
// stream's events to await in order.
import { type Message, SendMessageRequest, type StreamResponse } from '@a2a-js/sdk';
import { type Client, ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { LegacyJsonRpcTransport } from '@a2a-js/sdk/compat/v0_3/client';
import type { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { loadConfig } from '../../src/config.js';
import { createPool } from '../../src/db.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { type Fixture, fixture, httpClient, type Vended } from '../mcp/helpers.js';

type Tap = { teardown(fn: () => unknown): void };

export interface A2aFixture extends Fixture {
  server: RunningServer;
  /** An endpoint of a fresh owner with the given verbs (default: every verb). */
  endpoint(agent: string, verbs?: string[]): Promise<Vended>;
  /** The SDK's v1.0 client, found through the agent card, sending this credential. */
  client(credential: string, headers?: Record<string, string>): Promise<Client>;
  /** The SDK's v0.3 JSON-RPC transport (message/send, tasks/get, tasks/cancel) sending this credential. */
  legacy(credential: string): LegacyJsonRpcTransport;
  /** A worker over MCP (Streamable HTTP) acting with this credential. */
  worker(credential: string): Promise<McpClient>;
  /** POSTs a raw JSON-RPC body to /a2a; the status, headers and parsed body (or text). */
  rpc(credential: string | null, body: unknown, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any; text: string }>;
}

/** A fetch that adds the bearer credential (and any extra headers) to every request. */
export function authed(credential: string, extra: Record<string, string> = {}): typeof fetch {
  return (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${credential}`);
    for (const [k, v] of Object.entries(extra)) headers.set(k, v);
    return fetch(input, { ...init, headers });
  };
}

export async function a2aFixture(t: Tap, env: Record<string, string> = {}): Promise<A2aFixture> {
  const f = await fixture(t);
  // Retries are due at once, so a failed attempt's retry needs no waiting.
  await f.db.sql`insert into switchboard.settings (key, value) values ('retry_backoff_base_seconds', '0')
                 on conflict (key) do update set value = excluded.value`;
  const config = loadConfig({ SWITCHBOARD_HTTP_REFUSAL_DELAY_MS: '0', SWITCHBOARD_A2A_BLOCKING_SECONDS: '0', ...env });
  const sql = createPool(f.db.url, { max: 8, role: null });
  const ctx = { ...f.ctx, sql, config };
  const server = await startServer({ config, sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(async () => {
    await server.stop(1000);
    await sql.end({ timeout: 2 });
  });
  const mcp: McpClient[] = [];
  t.teardown(() => Promise.allSettled(mcp.map((c) => c.close())));
  let n = 0;
  return {
    ...f,
    ctx,
    server,
    async endpoint(agent, verbs) {
      return f.vend(await f.owner(`owner-${agent}-${++n}`), agent, verbs);
    },
    async client(credential, headers = {}) {
      const fetchImpl = authed(credential, headers);
      const factory = new ClientFactory(
        ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
          transports: [new JsonRpcTransportFactory({ fetchImpl })],
          cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
        }),
      );
      return factory.createFromUrl(server.url);
    },
    legacy(credential) {
      return new LegacyJsonRpcTransport({ endpoint: `${server.url}/a2a`, fetchImpl: authed(credential) });
    },
    async worker(credential) {
      const c = await httpClient(server.url, credential);
      mcp.push(c);
      return c;
    },
    async rpc(credential, body, headers = {}) {
      const h: Record<string, string> = { 'content-type': 'application/json', 'a2a-version': '1.0', ...headers };
      if (credential) h.authorization = `Bearer ${credential}`;
      const res = await fetch(`${server.url}/a2a`, { method: 'POST', headers: h, body: typeof body === 'string' ? body : JSON.stringify(body) });
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      return { status: res.status, headers: res.headers, body: parsed, text };
    },
  };
}

let messages = 0;
/** A SendMessage request filing a todo with a data part; returnImmediately unless told otherwise. */
export function filing(data: Record<string, unknown>, opts: { messageId?: string; contextId?: string; returnImmediately?: boolean; historyLength?: number } = {}) {
  return SendMessageRequest.fromJSON({
    message: {
      messageId: opts.messageId ?? `msg-${process.pid}-${++messages}`,
      contextId: opts.contextId,
      role: 'ROLE_USER',
      parts: [{ data, mediaType: 'application/json' }],
    },
    configuration: { returnImmediately: opts.returnImmediately ?? true, historyLength: opts.historyLength },
  });
}

/** The task a send answered (the SDK's client answers a Task or a Message). */
export function taskOf(result: unknown): { id: string; status?: { state: number } } & Record<string, any> {
  if (!result || typeof result !== 'object' || !('id' in result)) throw new Error(`not a task: ${JSON.stringify(result)}`);
  return result as any;
}

/** A stream's events, to await one at a time in the order they came. */
export class Events {
  private readonly seen: StreamResponse[] = [];
  private waiting: (() => void) | null = null;
  done = false;
  error: unknown = null;

  constructor(stream: AsyncGenerator<StreamResponse>) {
    void (async () => {
      try {
        for await (const ev of stream) {
          this.seen.push(ev);
          this.waiting?.();
        }
      } catch (err) {
        this.error = err;
      } finally {
        this.done = true;
        this.waiting?.();
      }
    })();
  }

  /** The next event, or null when the stream ended first. Rejects after `ms` (a hung stream fails the test). */
  async next(ms = 20_000): Promise<StreamResponse | null> {
    const deadline = Date.now() + ms;
    while (this.seen.length === 0 && !this.done) {
      if (Date.now() > deadline) throw new Error('no stream event in time');
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 250);
      });
    }
    return this.seen.shift() ?? null;
  }
}

/** The text of a status message's first text part. */
export function storyOf(status: { message?: Message } | undefined): string {
  const part = status?.message?.parts.find((p) => p.content?.$case === 'text');
  return part?.content?.$case === 'text' ? part.content.value : '';
}

/** Polls `fn` until it is true (every 50 ms, up to `ms`): for what happens on its own time, without timing it. */
export async function eventually(fn: () => boolean | Promise<boolean>, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await fn()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return fn();
}
