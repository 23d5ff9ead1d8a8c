// `node --expose-gc --import tsx bench/mcp-sessions.ts [--sessions 2000]`: the memory one open MCP session costs
// the server (its SDK Server and StreamableHTTPServerTransport), measured in process: heap and RSS after a full GC,
// before and after opening that many sessions over real HTTP (initialize + notifications/initialized), then after
// closing them. Uses a fresh database on 127.0.0.1:5432 (ADMIN_DATABASE_URL), dropped at the end.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/log.js';
import { startServer } from '../src/server.js';
import { freshDatabase } from '../test/helpers/db.js';

const { values } = parseArgs({ options: { sessions: { type: 'string', default: '2000' } } });
const N = Number(values.sessions);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

async function settle() {
  for (let i = 0; i < 3; i++) {
    gc!();
    await new Promise((r) => setTimeout(r, 50));
  }
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

const db = await freshDatabase();
const [o] = await db.sql`select switchboard.add_owner('bench') as doc`;
const [e] = await db.sql`select switchboard.vend_endpoint(${o.doc.owner_id}::uuid, 'bench') as doc`;
const credential = e.doc.credential as string;
// Memory per session, not how fast one credential may open them: the request rate is out of reach.
const config = loadConfig({
  SWITCHBOARD_MCP_SESSIONS_PER_CREDENTIAL: String(N + 10),
  SWITCHBOARD_MCP_SESSIONS_MAX: String(N + 10),
  SWITCHBOARD_MCP_REQUESTS_PER_SECOND: '1000000',
  SWITCHBOARD_MCP_REQUEST_BURST: '1000000',
});
const server = await startServer({ config, sql: db.sql, log: createLogger({ level: 'silent' }), host: '127.0.0.1', port: 0 });
const headers = (session?: string): Record<string, string> => ({
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  authorization: `Bearer ${credential}`,
  ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' } : {}),
});
const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
});
async function open(): Promise<string> {
  const res = await fetch(`${server.url}/mcp`, { method: 'POST', headers: headers(), body: initialize });
  await res.text();
  const session = res.headers.get('mcp-session-id')!;
  const r2 = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: headers(session),
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  await r2.text();
  return session;
}

// Warm up (modules, pools, JIT), so the baseline has them.
for (const s of [await open(), await open()]) await fetch(`${server.url}/mcp`, { method: 'DELETE', headers: headers(s) });
const before = await settle();
const ids: string[] = [];
for (let i = 0; i < N; i += 50) ids.push(...(await Promise.all(Array.from({ length: Math.min(50, N - i) }, open))));
const open_ = await settle();
console.log(`sessions open: ${server.mcp.sessionCount()}`);
await server.stop(1000);
const after = await settle();
const kib = (x: number) => (x / 1024).toFixed(1);
console.log(`per session: heap ${kib((open_.heap - before.heap) / N)} KiB, rss ${kib((open_.rss - before.rss) / N)} KiB (${N} sessions)`);
console.log(`after closing all: heap ${kib(after.heap - before.heap)} KiB above the baseline`);
await db.drop();
process.exit(0);
