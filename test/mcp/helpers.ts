// Test fixtures for the MCP surface: a fresh database, owners and endpoints, a captured logger, and real SDK
// clients over the in-memory transport and over Streamable HTTP.
import { Writable } from 'node:stream';
import postgres from 'postgres';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { loadConfig } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import { createLedger, type Endpoint } from '../../src/ledger.js';
import { createLogger } from '../../src/log.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { freshDatabase, type TestDb } from '../helpers/db.js';

export interface Vended extends Endpoint {
  credential: string;
}

export interface Fixture {
  db: TestDb;
  ctx: AppContext;
  /** Every log line written so far, raw. */
  logText(): string;
  logLines(): Record<string, unknown>[];
  owner(handle: string): Promise<string>;
  vend(ownerId: string, agentId: string, verbs?: string[]): Promise<Vended>;
  /** An SDK client talking to a server built for this endpoint (acting with its credential) over the in-memory transport. */
  memoryClient(endpoint: Vended): Promise<Client>;
}

interface Teardown {
  teardown(fn: () => unknown): void;
}

export async function fixture(t: Teardown): Promise<Fixture> {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const log = createLogger({ level: 'debug', destination: sink });
  const ctx: AppContext = { sql: db.sql, ledger: createLedger(db.sql), log, config: loadConfig({}) };
  const clients: Client[] = [];
  t.teardown(() => Promise.allSettled(clients.map((c) => c.close())));
  return {
    db,
    ctx,
    logText: () => chunks.join(''),
    logLines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
    async owner(handle) {
      const [r] = await db.sql`select switchboard.add_owner(${handle}) as doc`;
      return r.doc.owner_id;
    },
    async vend(ownerId, agentId, verbs) {
      const [r] = await db.sql`select switchboard.vend_endpoint(${ownerId}::uuid, ${agentId}, ${verbs ?? null}::text[]) as doc`;
      return r.doc;
    },
    async memoryClient(endpoint) {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const server = createMcpServer({ ...ctx, endpoint, credential: endpoint.credential });
      await server.connect(serverSide);
      const client = new Client({ name: 'test-agent', version: '1.0.0' });
      await client.connect(clientSide);
      // As a real client does: having listed the tools, the SDK client validates every structuredContent
      // (error documents included) against the tool's outputSchema.
      await client.listTools();
      clients.push(client);
      return client;
    },
  };
}

/** An SDK client over Streamable HTTP with this bearer credential. */
export async function httpClient(baseUrl: string, credential: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${credential}` } },
  });
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  await client.connect(transport);
  await client.listTools();
  return client;
}

/** Calls a tool and returns its structuredContent plus isError. */
export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ doc: Record<string, any>; isError: boolean; result: CallToolResult }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { doc: (result.structuredContent ?? {}) as Record<string, any>, isError: result.isError === true, result };
}

/** Holds a table (the endpoints, which every credential check reads) until release(); counts checks waiting on it. */
export async function holdEndpoints(t: Teardown, f: Fixture, table = 'switchboard.endpoints') {
  const holder = postgres(f.db.url, { max: 1, onnotice: () => {} });
  const observer = postgres(f.db.url, { max: 1, onnotice: () => {} });
  t.teardown(() => Promise.all([holder.end({ timeout: 2 }), observer.end({ timeout: 2 })]));
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const tx = holder.begin(async (sql) => {
    await sql.unsafe(`lock table ${table} in access exclusive mode`);
    locked();
    await held;
  });
  await isLocked;
  const waiting = async () =>
    (await observer`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)[0].n as number;
  return {
    waiting,
    release: async () => {
      release();
      await tx;
    },
  };
}
