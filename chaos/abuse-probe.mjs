// The honest tenant of chaos/abuse.mjs, in a worker thread of its own so that the attacker's client-side work in
// the main thread does not show up as the honest tenant's latency: a real SDK client calling one tool in a loop, from
// a source address of its own (127.0.0.2), as another machine's agent would be, so that the per-address shares the
// attacker meets on 127.0.0.1 are not the honest tenant's.
import { connect } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Agent, fetch as undiciFetch } from 'undici';

const { base, credential } = workerData;
// undici's own connect options do not take a local address; a connect function of its own does.
const dispatcher = new Agent({
  connect: (o, done) => {
    const socket = connect({ host: o.hostname, port: Number(o.port), localAddress: '127.0.0.2' });
    socket.once('connect', () => done(null, socket));
    socket.once('error', (err) => done(err, null));
    return socket;
  },
});
const client = new Client({ name: 'honest', version: '1' });
await client.connect(
  new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${credential}` } },
    fetch: (url, init) => undiciFetch(url, { ...init, dispatcher }),
  }),
);
const calls = {
  list: () => client.callTool({ name: 'list_todos', arguments: { queue: 'honest' } }),
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
  parentPort.postMessage({ lat, errors });
});
parentPort.postMessage({ ready: true });
