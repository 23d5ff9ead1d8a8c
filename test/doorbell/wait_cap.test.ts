// The longest long poll answers before the official MCP SDK client gives up at its defaults: wait_seconds' maximum
// (the tool's schema, the setting's ceiling) is below DEFAULT_REQUEST_TIMEOUT_MSEC, and a wait at that maximum,
// with the server's cap set low so the test is quick, is answered {"empty": true} through a client left at defaults.
import t from 'tap';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DEFAULT_REQUEST_TIMEOUT_MSEC } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { loadConfig } from '../../src/config.js';
import { MAX_WAIT_SECONDS } from '../../src/doorbell.js';
import { startServer } from '../../src/server.js';
import { call, fixture } from '../mcp/helpers.js';

t.test('the maximum wait is below the SDK client\'s default request timeout, in the schema and the setting alike', async (t) => {
  t.ok(MAX_WAIT_SECONDS * 1000 < DEFAULT_REQUEST_TIMEOUT_MSEC, `${MAX_WAIT_SECONDS} s < ${DEFAULT_REQUEST_TIMEOUT_MSEC} ms`);
  t.equal(loadConfig({}).SWITCHBOARD_MAX_WAIT_SECONDS, MAX_WAIT_SECONDS, 'the setting defaults to the maximum');
  t.throws(() => loadConfig({ SWITCHBOARD_MAX_WAIT_SECONDS: String(MAX_WAIT_SECONDS + 1) }), 'and cannot exceed it');

  const f = await fixture(t);
  const agent = await f.memoryClient(await f.vend(await f.owner('alice'), 'relay'));
  const { tools } = await agent.listTools();
  const wait = tools.find((x) => x.name === 'claim_next')!.inputSchema.properties?.wait_seconds as Record<string, unknown>;
  t.match(wait, { type: 'integer', minimum: 0, maximum: MAX_WAIT_SECONDS }, 'tools/list shows the same maximum');
  const over = await call(agent, 'claim_next', { wait_seconds: MAX_WAIT_SECONDS + 1 });
  t.equal(over.doc.error, 'invalid', 'one second more is refused invalid');
});

t.test('a wait at the maximum through the official SDK client at its defaults answers {"empty": true}', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'relay');
  const server = await startServer({
    config: loadConfig({ SWITCHBOARD_MAX_WAIT_SECONDS: '1' }), sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0,
  });
  t.teardown(() => server.stop(1000));
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${ep.credential}` } },
  });
  const client = new Client({ name: 'defaults-agent', version: '1.0.0' });
  await client.connect(transport);
  t.teardown(() => client.close());
  await client.listTools();
  const r = await call(client, 'claim_next', { queue: 'builds', wait_seconds: MAX_WAIT_SECONDS });
  t.equal(r.isError, false, 'no error, no timeout');
  t.same(r.doc, { empty: true }, 'the wait ended at the server\'s cap with {"empty": true}');
});
