// `npx tsx scripts/conformance.ts [path/to/conformance]`: runs the MCP conformance suite's server scenarios that
// apply to Switchboard (@modelcontextprotocol/conformance 0.1.12) against a real server on a throwaway database,
// through a proxy that adds the endpoint's bearer credential (the suite sends none), and checks that a tools/call
// of an unknown tool is JSON-RPC -32602. 127.0.0.1 only; exits non-zero on any failed scenario.
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
  // Asynchronously: the server and the proxy run on this process's event loop.
  const child = spawn(conformance[0], [...conformance.slice(1), 'server', '--url', url, '--scenario', scenario], { timeout: 120_000 });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const ok = status === 0;
  if (!ok) failed++;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${scenario}`);
  if (!ok || process.env.VERBOSE) console.log(out.trim().split('\n').map((l) => `    ${l}`).join('\n'));
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
