// `node --expose-gc --import tsx bench/mcp-call-memory.ts [--calls 300] [--rounds 5] [--mode herd|empty|list]`: what
// a tool call leaves behind in the server's memory while its MCP session stays open, and whether closing the session
// gives it back. In process, over real HTTP on 10 sessions of one credential: heap after a full GC before the first
// round, after each round, and after the sessions are closed (DELETE /mcp).
//   herd:  the abuse run's waiter herd: `claim_next` long polls, all but SWITCHBOARD_MAX_WAITERS answered
//          `throttled`, then every socket hung up
//   empty: `claim_next` without a wait on an empty queue (a small answer)
//   list:  `list_todos` of a queue of 200 todos, as the abuse run's honest tenant calls it (a large answer)
// Uses a fresh database on 127.0.0.1:5432 (ADMIN_DATABASE_URL), dropped at the end.
import { Agent, type ClientRequest, request } from 'node:http';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { doorbellFor } from '../src/doorbell.js';
import { createLogger } from '../src/log.js';
import { startServer } from '../src/server.js';
import { freshDatabase } from '../test/helpers/db.js';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '5' },
    mode: { type: 'string', default: 'herd' },
  },
});
const N = Number(values.calls);
const ROUNDS = Number(values.rounds);
const mode = values.mode as 'herd' | 'empty' | 'list';
if (!['herd', 'empty', 'list'].includes(mode)) throw new Error('--mode herd, empty or list');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

async function heapMiB(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc!();
    await new Promise((r) => setTimeout(r, 50));
  }
  return process.memoryUsage().heapUsed / 1048576;
}

const db = await freshDatabase();
const [o] = await db.sql`select switchboard.add_owner('bench') as doc`;
const [e] = await db.sql`select switchboard.vend_endpoint(${o.doc.owner_id}::uuid, 'bench') as doc`;
const credential = e.doc.credential as string;
await db.sql`select count(switchboard.add_todo(endpoint_id => ${e.doc.endpoint_id}::uuid, queue => 'listed'::text, title => 'todo ' || g))
               from generate_series(1, 200) g`;
// Recycling off, so that what one session keeps is seen whole (bench/mcp-session-recycle.ts measures it on).
const config = loadConfig({
  SWITCHBOARD_MCP_SESSION_MAX_REQUESTS: '1000000',
  // What a call keeps, not how fast one credential may call: the request rate out of reach too.
  SWITCHBOARD_MCP_REQUESTS_PER_SECOND: '1000000',
  SWITCHBOARD_MCP_REQUEST_BURST: '1000000',
  SWITCHBOARD_MCP_SESSION_MAX_BYTES: String(1024 * 1024 * 1024),
  SWITCHBOARD_MCP_RETAINED_MAX_BYTES: String(64 * 1024 * 1024 * 1024),
});
const server = await startServer({ config, sql: db.sql, log: createLogger({ level: 'silent' }), host: '127.0.0.1', port: 0 });
const bell = await doorbellFor(db.sql);

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
type Answer = { status: number; headers: Record<string, unknown>; text: string };
function send(method: string, body: unknown, session?: string, sockets?: ClientRequest[]): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(`${server.url}/mcp`, {
      method,
      agent,
      headers: {
        authorization: `Bearer ${credential}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' } : {}),
      },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      res.on('error', () => resolve({ status: 0, headers: {}, text: '' }));
    });
    sockets?.push(req);
    req.on('error', () => resolve({ status: 0, headers: {}, text: '' }));
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
const post = (body: unknown, session?: string, sockets?: ClientRequest[]) => send('POST', body, session, sockets);
const call = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

async function openSessions(): Promise<string[]> {
  return Promise.all(
    Array.from({ length: 10 }, async () => {
      const r = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
      const id = String(r.headers['mcp-session-id']);
      await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, id);
      return id;
    }),
  );
}

let answerBytes = 0;
async function round(sessions: string[]): Promise<void> {
  if (mode === 'herd') {
    const sockets: ClientRequest[] = [];
    let answered = 0;
    const waits = Array.from({ length: N }, (_, i) =>
      post(call(i + 1, 'claim_next', { queue: 'herd', wait_seconds: 60 }), sessions[i % 10], sockets).then((r) => {
        if (r.status === 200) answered++;
        answerBytes += r.text.length;
      }),
    );
    // Every wait beyond the credential's SWITCHBOARD_MAX_WAITERS is answered at once; the rest hold until hung up.
    while (answered < N - config.SWITCHBOARD_MAX_WAITERS) await new Promise((r) => setTimeout(r, 50));
    for (const s of sockets) s.destroy();
    await Promise.allSettled(waits);
    while (bell.waiting > 0) await new Promise((r) => setTimeout(r, 50));
    return;
  }
  for (let i = 0; i < N; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, N - i) }, (_, j) =>
        post(mode === 'list' ? call(i + j + 1, 'list_todos', { queue: 'listed' }) : call(i + j + 1, 'claim_next', { queue: 'empty' }), sessions[j]).then(
          (r) => void (answerBytes += r.text.length),
        ),
      ),
    );
  }
}

// Warm-up (modules, JIT, pools) on sessions of its own, closed before the baseline.
const warm = await openSessions();
await round(warm);
for (const s of warm) await send('DELETE', undefined, s);
const sessions = await openSessions();
const base = await heapMiB();
console.log(`mode ${mode}, ${N} calls a round over 10 sessions; heap after GC: ${base.toFixed(1)} MiB`);
answerBytes = 0;
for (let r = 1; r <= ROUNDS; r++) {
  await round(sessions);
  const h = await heapMiB();
  console.log(`after round ${r}: heap ${h.toFixed(1)} MiB, ${(((h - base) * 1024) / (r * N)).toFixed(1)} KiB retained a call so far`);
}
console.log(`answers: ${((answerBytes / (ROUNDS * N)) / 1024).toFixed(1)} KiB a call on average`);
for (const s of sessions) await send('DELETE', undefined, s);
console.log(`after closing the sessions: heap ${(await heapMiB()).toFixed(1)} MiB (${server.mcp.sessionCount()} open)`);
agent.destroy();
await server.stop(1000);
await db.drop();
process.exit(0);
