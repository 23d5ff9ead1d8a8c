// `npx tsx scripts/conformance.ts [path/to/conformance [path/to/mcp-inspector]]`: runs the MCP conformance suite's
// server scenarios that apply to Switchboard (@modelcontextprotocol/conformance 0.1.12) against a real server on a
// throwaway database, through a proxy that adds the endpoint's bearer credential (the suite sends none); the MCP
// Inspector's strict tool-schema check (`--cli … --method tools/list --strict`, @modelcontextprotocol/inspector
// 2.12.0), which must report no portability problem; and that a tools/call of an unknown tool is JSON-RPC -32602.
// 127.0.0.1 only; exits non-zero on any failure.
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/log.js';
import { startServer } from '../src/server.js';
import { freshDatabase } from '../test/helpers/db.js';

const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'server-sse-multiple-streams', 'dns-rebinding-protection'];
const conformance = process.argv[2] ? [process.argv[2]] : ['npx', '--yes', '@modelcontextprotocol/conformance@0.1.12'];
const inspector = process.argv[3] ? [process.argv[3]] : ['npx', '--yes', '@modelcontextprotocol/inspector@2.12.0'];

/** Runs a command to its end without blocking this process's event loop (the server and the proxy run on it). */
async function run(argv: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(argv[0], argv.slice(1), { timeout: 120_000 });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { status, stdout, stderr };
}

const db = await freshDatabase();
const [o] = await db.sql`select switchboard.add_owner('conformance') as doc`;
const [e] = await db.sql`select switchboard.vend_endpoint(${o.doc.owner_id}::uuid, 'conformance') as doc`;
const credential = e.doc.credential as string;
const server = await startServer({ config: loadConfig({}), sql: db.sql, log: createLogger({ level: 'silent' }), host: '127.0.0.1', port: 0 });

// The proxy forwards every request as it came (the Host header included, for the DNS-rebinding scenario) and adds
// the credential; answers stream back unbuffered (SSE).
const proxy = createServer((req, res) => {
  const upstream = request(
    { host: '127.0.0.1', port: server.port, method: req.method, path: req.url, headers: { ...req.headers, authorization: `Bearer ${credential}` } },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
});
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
const url = `http://localhost:${(proxy.address() as AddressInfo).port}/mcp`;

let failed = 0;
for (const scenario of SCENARIOS) {
  const r = await run([...conformance, 'server', '--url', url, '--scenario', scenario]);
  const ok = r.status === 0;
  if (!ok) failed++;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${scenario}`);
  if (!ok || process.env.VERBOSE) console.log(`${r.stdout}${r.stderr}`.trim().split('\n').map((l) => `    ${l}`).join('\n'));
}

// The Inspector's strict check prints each portability problem on stderr (and exits 6 on an error-severity one).
const strict = await run([...inspector, '--cli', `${server.url}/mcp`, '--transport', 'http', '--method', 'tools/list',
  '--strict', '--header', `Authorization: Bearer ${credential}`]);
const tools = strict.status === 0 ? (JSON.parse(strict.stdout) as { tools: unknown[] }).tools.length : 0;
if (strict.status === 0 && strict.stderr.trim() === '' && tools === 9) console.log('PASS inspector --strict: 0 warnings for 9 tools');
else {
  failed++;
  console.log(`FAIL inspector --strict (exit ${strict.status}, ${tools} tools):\n${strict.stderr.slice(0, 4000)}`);
}

const client = new Client({ name: 'conformance-check', version: '1' });
await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${credential}` } } }));
try {
  await client.callTool({ name: 'no_such_tool', arguments: {} });
  failed++;
  console.log('FAIL tools/call of an unknown tool answered as a result');
} catch (err) {
  const code = (err as { code?: unknown }).code;
  if (code === -32602) console.log('PASS tools/call of an unknown tool: JSON-RPC -32602');
  else {
    failed++;
    console.log(`FAIL tools/call of an unknown tool: ${String(code)} ${(err as Error).message}`);
  }
}
await client.close();
proxy.close();
await server.stop(1000);
await db.drop();
process.exit(failed ? 1 : 0);
