// Child process for the "mcp-floor" contender: the floor under the MCP path, a minimal JSON-RPC server over node:http
// that answers what the official SDK client needs (initialize, notifications, tools/list, tools/call) and runs a tool
// call as the one SQL statement src/mcp runs (switchboard_agent.<verb> with the bearer credential), with no MCP SDK,
// no front door, no validation and no logging. The gap between it and switchboard-mcp is what the MCP layer costs.
import { createServer } from 'node:http';
import { createPool } from '../src/db.js';

const sql = createPool(process.env.DATABASE_URL!, { max: Number(process.env.SWITCHBOARD_DB_POOL_MAX ?? 10) });
const TOOLS = [
  { name: 'claim_next', inputSchema: { type: 'object', properties: { queue: { type: 'string' } } } },
  { name: 'complete', inputSchema: { type: 'object', properties: { todo_id: { type: 'string' }, result: { type: 'object' } } } },
];

type Msg = { id?: string | number; method?: string; params?: { name?: string; arguments?: Record<string, unknown>; protocolVersion?: string } };

async function answer(m: Msg, credential: string): Promise<unknown> {
  switch (m.method) {
    case 'initialize':
      return { protocolVersion: m.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'mcp-floor', version: '1' } };
    case 'tools/list':
      return { tools: TOOLS };
    case 'tools/call': {
      const a = m.params?.arguments ?? {};
      const [r] =
        m.params?.name === 'claim_next'
          ? await sql`select switchboard_agent.claim_next(credential => ${credential}::text, queue => ${String(a.queue ?? '')}::text) as doc`
          : await sql`select switchboard_agent.complete(credential => ${credential}::text, todo_id => ${String(a.todo_id)}::uuid,
                        result => ${sql.json((a.result ?? null) as never)}::jsonb) as doc`;
      return { content: [{ type: 'text', text: JSON.stringify(r.doc) }], structuredContent: r.doc };
    }
    default:
      return {};
  }
}

const server = createServer((req, res) => {
  if (req.method !== 'POST') return void res.writeHead(405).end();
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const m = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Msg;
    if (m.id === undefined) return void res.writeHead(202).end();
    const credential = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    answer(m, credential).then(
      (result) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: m.id, result })),
      (err: Error) => res.writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: m.id, error: { code: -32603, message: err.message } })),
    );
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}/mcp` })}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void sql.end({ timeout: 2 }).then(() => process.exit(0));
});
