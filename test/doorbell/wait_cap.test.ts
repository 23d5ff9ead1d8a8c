// The longest long poll answers before the official MCP SDK client gives up at its defaults: wait_seconds may ask up
// to 60 (what agents were told before the cap), but no wait lasts longer than MAX_WAIT_SECONDS, which is below
// DEFAULT_REQUEST_TIMEOUT_MSEC; a wait asking 60, with the server's cap set low so the test is quick, is answered
// {"empty": true} through a client left at defaults.
import t from 'tap';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DEFAULT_REQUEST_TIMEOUT_MSEC } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { loadConfig } from '../../src/config.js';
import { claimNextWithWait, type Doorbell, MAX_WAIT_SECONDS, MAX_WAIT_SECONDS_ASKED } from '../../src/doorbell.js';
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
  t.match(wait, { type: 'integer', minimum: 0, maximum: MAX_WAIT_SECONDS_ASKED }, 'tools/list shows what a call may ask');
  t.equal(MAX_WAIT_SECONDS_ASKED, 60, 'which is still 60, as before the cap');
  const over = await call(agent, 'claim_next', { wait_seconds: MAX_WAIT_SECONDS_ASKED + 1 });
  t.equal(over.doc.error, 'invalid', 'one second more is refused invalid');
});

t.test('a wait asking 60 seconds, or more than the setting, waits at most the cap', async (t) => {
  // A doorbell that never rings: the wait's own timeout is what the long poll asked it for.
  const asked: number[] = [];
  const bell = {
    arm: () => ({ wait: async (ms: number) => (asked.push(ms), 'timeout' as const), cancel: () => {} }),
    hold: () => () => {},
    closed: false,
  } as unknown as Doorbell;
  const empty = async () => ({ empty: true });
  const opts = { queue: 'builds', endpoint: 'e' };
  t.same(await claimNextWithWait(empty, bell, { ...opts, waitSeconds: 60 }), { empty: true });
  t.ok(asked[0] > (MAX_WAIT_SECONDS - 5) * 1000 && asked[0] <= MAX_WAIT_SECONDS * 1000, `60 asked waits ${asked[0]} ms, at most ${MAX_WAIT_SECONDS} s`);
  await claimNextWithWait(empty, bell, { ...opts, waitSeconds: 60, maxWaitSeconds: 7 });
  t.ok(asked[1] > 2000 && asked[1] <= 7000, `with SWITCHBOARD_MAX_WAIT_SECONDS 7: ${asked[1]} ms, at most 7 s`);
  await claimNextWithWait(empty, bell, { ...opts, waitSeconds: 3, maxWaitSeconds: 7 });
  t.ok(asked[2] <= 3000, `asking 3 below the setting waits ${asked[2]} ms, at most 3 s`);
});

t.test('a wait asking the most a call may ask, through the official SDK client at its defaults, answers {"empty": true}', async (t) => {
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
  const r = await call(client, 'claim_next', { queue: 'builds', wait_seconds: MAX_WAIT_SECONDS_ASKED });
  t.equal(r.isError, false, 'no error, no timeout');
  t.same(r.doc, { empty: true }, 'the wait ended at the server\'s cap with {"empty": true}');
});
