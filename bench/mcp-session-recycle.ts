// `node --expose-gc --import tsx bench/mcp-session-recycle.ts [--recycle on|off] [--mode list|empty] [--calls 6000]
// [--sessions 10] [--total-mib N]`: the server's heap and RSS while MCP sessions of one credential keep calling, with
// session recycling at its defaults (on; --total-mib sets SWITCHBOARD_MCP_RETAINED_MAX_BYTES) or out of reach (off).
// Each client opens a new session when the server answers 404 for its own, as our clients do. In process, over real
// HTTP; heap after a full GC and RSS at every tenth of the calls.
//   list:  list_todos of a queue of 200 todos (answers of ~40 KiB), as the abuse run's honest tenant calls it
//   empty: claim_next on an empty queue (answers of ~0.1 KiB)
// Uses a fresh database on 127.0.0.1:5432 (ADMIN_DATABASE_URL), dropped at the end.
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/log.js';
import { startServer } from '../src/server.js';
import { freshDatabase } from '../test/helpers/db.js';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '6000' },
    mode: { type: 'string', default: 'list' },
    recycle: { type: 'string', default: 'on' },
    sessions: { type: 'string', default: '10' },
    'total-mib': { type: 'string' },
  },
});
const N = Number(values.calls);
const mode = values.mode as 'list' | 'empty';
if (!['list', 'empty'].includes(mode)) throw new Error('--mode list or empty');
const recycle = values.recycle === 'on';
const SESSIONS = Number(values.sessions);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

async function heapMiB(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc!();
    await new Promise((r) => setTimeout(r, 50));
  }
  return process.memoryUsage().heapUsed / 1048576;
}
const rssMiB = () => process.memoryUsage().rss / 1048576;

const db = await freshDatabase();
const [o] = await db.sql`select switchboard.add_owner('bench') as doc`;
const [e] = await db.sql`select switchboard.vend_endpoint(${o.doc.owner_id}::uuid, 'bench') as doc`;
const credential = e.doc.credential as string;
await db.sql`select count(switchboard.add_todo(endpoint_id => ${e.doc.endpoint_id}::uuid, queue => 'listed'::text, title => 'todo ' || g))
               from generate_series(1, 200) g`;
// What the sessions keep, not how fast one credential may call: the request rate is out of reach in both.
const unpaced = { SWITCHBOARD_MCP_REQUESTS_PER_SECOND: '1000000', SWITCHBOARD_MCP_REQUEST_BURST: '1000000' };
const config = loadConfig(
  recycle
    ? values['total-mib']
      ? { ...unpaced, SWITCHBOARD_MCP_RETAINED_MAX_BYTES: String(Number(values['total-mib']) * 1024 * 1024) }
      : unpaced
    : {
        ...unpaced,
        SWITCHBOARD_MCP_SESSION_MAX_REQUESTS: '1000000',
        SWITCHBOARD_MCP_SESSION_MAX_BYTES: String(1024 * 1024 * 1024),
        SWITCHBOARD_MCP_RETAINED_MAX_BYTES: String(64 * 1024 * 1024 * 1024),
      },
);
const server = await startServer({ config, sql: db.sql, log: createLogger({ level: 'silent' }), host: '127.0.0.1', port: 0 });

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
type Answer = { status: number; headers: Record<string, unknown>; text: string };
function post(body: unknown, session?: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(`${server.url}/mcp`, {
      method: 'POST',
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
    });
    req.on('error', () => resolve({ status: 0, headers: {}, text: '' }));
    req.end(JSON.stringify(body));
  });
}
async function open(): Promise<string> {
  const r = await post({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
  if (r.status !== 200) throw new Error(`initialize: ${r.status} ${r.text}`);
  const id = String(r.headers['mcp-session-id']);
  await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, id);
  return id;
}
const call = (id: number) =>
  mode === 'list'
    ? { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_todos', arguments: { queue: 'listed' } } }
    : { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'claim_next', arguments: { queue: 'empty' } } };

const sessions = await Promise.all(Array.from({ length: SESSIONS }, open));
let reopened = 0;
let answered = 0;
/** One client per session, one call at a time each, until `upTo` calls have been answered in all. */
async function run(upTo: number): Promise<void> {
  await Promise.all(
    sessions.map(async (_, j) => {
      while (answered < upTo) {
        const r = await post(call(answered + 1), sessions[j]);
        if (r.status === 200) answered++;
        else if (r.status === 404) {
          sessions[j] = await open();
          reopened++;
        } else throw new Error(`call: ${r.status} ${r.text}`);
      }
    }),
  );
}

const base = await heapMiB();
const limits = `SWITCHBOARD_MCP_SESSION_MAX_REQUESTS ${config.SWITCHBOARD_MCP_SESSION_MAX_REQUESTS}, _MAX_BYTES ${config.SWITCHBOARD_MCP_SESSION_MAX_BYTES}, SWITCHBOARD_MCP_RETAINED_MAX_BYTES ${config.SWITCHBOARD_MCP_RETAINED_MAX_BYTES}`;
console.log(`recycling ${recycle ? 'on' : 'off'} (${limits}), mode ${mode}, ${N} calls over ${SESSIONS} sessions`);
console.log(`| calls answered | heap after GC (MiB) | RSS (MiB) | kept by sessions, estimated (MiB) | sessions reopened |`);
console.log(`|---|---|---|---|---|`);
const row = async () =>
  console.log(
    `| ${answered} | ${(await heapMiB()).toFixed(1)} | ${rssMiB().toFixed(0)} | ${(server.mcp.retainedBytes() / 1048576).toFixed(1)} | ${reopened} |`,
  );
await row();
for (let k = 1; k <= 10; k++) {
  await run(Math.round((N * k) / 10));
  await row();
}
console.log(`heap at the start ${base.toFixed(1)} MiB; recycled: ${JSON.stringify(server.mcp.recycled)}`);
agent.destroy();
await server.stop(1000);
await db.drop();
process.exit(0);
