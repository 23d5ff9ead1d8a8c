// The honest tenant of chaos/abuse.mjs, in a worker thread of its own so that the attacker's client-side work in
// the main thread does not show up as the honest tenant's latency: a real SDK client calling one tool in a loop.
import { parentPort, workerData } from 'node:worker_threads';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const { base, credential } = workerData;
const connect = async () => {
  const c = new Client({ name: 'honest', version: '1' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${credential}` } } }));
  return c;
};
let client = await connect();
let renewals = 0;
// The server recycles a session after its budget (about 50 of these answers of 40 KiB at the default
// SWITCHBOARD_MCP_SESSION_MAX_BYTES) and answers 404 for it: not run, so the call is sent again on a new session,
// as any long-lived client of ours does. The time that takes is in the call's latency.
const callTool = async (params) => {
  try {
    return await client.callTool(params);
  } catch (err) {
    if (!(err instanceof StreamableHTTPError && err.code === 404)) throw err;
    client.close().catch(() => {});
    client = await connect();
    renewals++;
    return client.callTool(params);
  }
};
const calls = {
  list: () => callTool({ name: 'list_todos', arguments: { queue: 'honest' } }),
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

parentPort.on('message', async (m) => {
  if (m.stop) {
    await client.close().catch(() => {});
    process.exit(0);
  }
  const lat = [];
  let errors = 0;
  const until = Date.now() + m.ms;
  while (Date.now() < until) {
    const t = performance.now();
    try {
      const r = await calls[m.call]();
      if (r.isError) errors++;
      else lat.push(performance.now() - t);
    } catch {
      errors++;
      await sleep(50);
    }
    await sleep(10);
  }
  parentPort.postMessage({ lat, errors, renewals });
});
parentPort.postMessage({ ready: true });
