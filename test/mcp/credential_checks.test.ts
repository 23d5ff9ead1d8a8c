// Credential checks on /mcp as a shared resource (issue 13): they run in a lane of SWITCHBOARD_MCP_AUTH_CHECKS pool
// connections with a short queue, then 429; a session whose check is fresh skips it, so tenants already connected do
// not queue behind a flood of unknown bearer strings; a refused credential is answered after a delay.
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { RECHECK_MS } from '../../src/mcp/http.js';
import { startServer } from '../../src/server.js';
import { until } from '../worker/helpers.js';
import { fixture, holdEndpoints } from './helpers.js';

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

function post(url: string, credential: string, body: unknown, session?: string) {
  return fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${credential}`,
      ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function open(url: string, credential: string): Promise<string> {
  const res = await post(url, credential, initialize);
  await res.text();
  const session = res.headers.get('mcp-session-id')!;
  await (await post(url, credential, { jsonrpc: '2.0', method: 'notifications/initialized' }, session)).text();
  return session;
}

const toolsList = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };

t.test('unknown credentials check in a lane of SWITCHBOARD_MCP_AUTH_CHECKS; past its queue, 429; a fresh session skips it', async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const config = loadConfig({
    SWITCHBOARD_MCP_AUTH_CHECKS: '1',
    SWITCHBOARD_MCP_AUTH_QUEUE: '1',
    SWITCHBOARD_MCP_QUEUE_WAIT_MS: '300',
    SWITCHBOARD_MCP_REFUSAL_DELAY_MS: '0',
  });
  const server = await startServer({ config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));
  const session = await open(server.url, a.credential);

  const lock = await holdEndpoints(t, f);
  const strangers = ['sbk_stranger_1', 'sbk_stranger_2', 'sbk_stranger_3'];
  const tries = strangers.map((c) => post(server.url, c, initialize).then(async (r) => ({ status: r.status, body: await r.text() })));
  const third = await Promise.race(tries);
  t.equal(third.status, 429, 'one check runs, one waits; the third finds no room within the wait: 429');
  t.match(JSON.parse(third.body), { error: { code: -32000, message: /^throttled: .*SWITCHBOARD_MCP_AUTH_CHECKS 1, SWITCHBOARD_MCP_AUTH_QUEUE 1/ } });
  t.equal(await lock.waiting(), 1, 'only one check reached the database');

  const mine = await post(server.url, a.credential, toolsList, session);
  t.equal(mine.status, 200, "a's request on its session, checked moments ago, is answered while the checks are stuck");
  await mine.text();

  await lock.release();
  const all = await Promise.all(tries);
  t.same(all.map((x) => x.status).sort(), [401, 401, 429], 'the two admitted checks answer 401 once the table is free');
  t.equal(server.mcp.throttled.credential_checks, 1, 'counted for /metrics under its limit');
});

t.test(`a session's check is fresh for ${RECHECK_MS} ms: after that its next request is checked again`, async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const server = await startServer({ config: loadConfig({}), sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));
  const session = await open(server.url, a.credential);
  await new Promise((r) => setTimeout(r, RECHECK_MS + 200));
  const lock = await holdEndpoints(t, f);
  const later = post(server.url, a.credential, toolsList, session);
  await until(async () => (await lock.waiting()) === 1, 'the stale session to be checked again');
  t.pass('the request waits on its check');
  await lock.release();
  t.equal((await later).status, 200, 'and is answered once the check is');
});

t.test('a refused credential is answered after SWITCHBOARD_MCP_REFUSAL_DELAY_MS, not at once', async (t) => {
  const f = await fixture(t);
  const config = loadConfig({ SWITCHBOARD_MCP_REFUSAL_DELAY_MS: '400' });
  const server = await startServer({ config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));
  for (const authorization of ['Bearer sbk_not_a_real_one', '']) {
    const started = Date.now();
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(initialize),
    });
    t.equal(res.status, 401, authorization ? 'an unknown credential: 401' : 'no credential: 401');
    t.match(await res.json(), { error: { code: -32001, message: /^Unauthorized/ } });
    t.ok(Date.now() - started >= 350, 'held for the delay first');
  }
});

t.test("another tenant's session id is no way past the check: 404 with its own credential, 401 with a made-up one", async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const b = await f.vend(await f.owner('bob'), 'b');
  const config = loadConfig({ SWITCHBOARD_MCP_REFUSAL_DELAY_MS: '0' });
  const server = await startServer({ config, sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop(1000));
  const sa = await open(server.url, a.credential);

  const asB = await post(server.url, b.credential, toolsList, sa);
  t.equal(asB.status, 404, "b's valid credential on a's session id: the session is unknown to b");
  t.match(await asB.json(), { error: { code: -32001, message: 'Session not found' } });
  const asNobody = await post(server.url, 'sbk_made_up', toolsList, sa);
  t.equal(asNobody.status, 401, "a made-up credential on a's fresh session id is checked, and refused");
  await asNobody.text();
  const mine = await post(server.url, a.credential, toolsList, sa);
  t.equal(mine.status, 200, "a's session goes on: neither request closed it");
  await mine.text();
});
