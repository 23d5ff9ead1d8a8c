// Sharded by tenant scope with PL/Proxy: a proxy and two shards made by `shard init`; owners added through the proxy
// land on the shard their handle names; an agent's MCP story and a Board read through a serve whose pool is the
// proxy; a foreign todo answers like an unknown one, byte for byte; and every proxied call ran on exactly one shard.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { mountBoard } from '../../src/board/mount.js';
import { SESSION_COOKIE } from '../../src/board/router.js';
import { doorbellFor } from '../../src/doorbell.js';
import { createLogger } from '../../src/log.js';
import { startServer } from '../../src/server.js';
import { shardStatus } from '../../src/shard.js';
import { SendMessageRequest } from '@a2a-js/sdk';
import { filing, taskOf } from '../a2a/helpers.js';
import { call, httpClient } from '../mcp/helpers.js';
import { callCounts, shardedCluster, waitIdle } from './cluster.js';

const SURFACES = ['switchboard_agent', 'switchboard_board'];

t.test('a proxy and two shards: tenants on their own shards, the agent and Board stories through the proxy', async (t) => {
  const c = await shardedCluster(t, 2, { trackFunctions: true });
  t.equal(c.init.partitions, 2);
  t.ok(c.init.routed.includes('switchboard_agent.claim_next') && c.init.routed.includes('switchboard_board.get_todo'),
    'the entry points are generated from the shards\' signatures');

  // The DBA's admin API through the proxy, as switchboard_admin.
  const admin = postgres(c.proxyUrl, { max: 1, onnotice: () => {}, connection: { role: 'switchboard_admin' } });
  let adminOpen = true;
  t.teardown(() => (adminOpen ? admin.end({ timeout: 5 }) : undefined));
  // Two handles whose slots fall on partitions 0 and 1 (hashtext(lower(handle)) & 1).
  const [h] = await admin<{ a: string; b: string }[]>`
    select (select 'alice' || g from generate_series(1, 99) g where hashtext('alice' || g) & 1 = 0 limit 1) as a,
           (select 'bob' || g from generate_series(1, 99) g where hashtext('bob' || g) & 1 = 1 limit 1) as b`;
  const owner = async (handle: string) => (await admin`select switchboard.add_owner(${handle}) as doc`)[0].doc.owner_id as string;
  const vend = async (o: string, agent: string) =>
    (await admin`select switchboard.vend_endpoint(${o}::uuid, ${agent}) as doc`)[0].doc as { endpoint_id: string; credential: string };
  const alice = await owner(h.a);
  const bob = await owner(h.b);
  const aliceEp = await vend(alice, 'alice-bot');
  const bobEp = await vend(bob, 'bob-bot');
  t.match(aliceEp.credential, /^sbk_s[0-9a-f]{2}_[0-9a-f]{64}$/, 'a sharded credential carries its slot');

  const where = async (table: string, id: string) => {
    const held: number[] = [];
    for (const [i, s] of c.shards.entries()) {
      if ((await s.unsafe(`select 1 from switchboard.${table} where id = $1`, [id])).length) held.push(i);
    }
    return held;
  };
  t.same(await where('owners', alice), [0], `${h.a} lives on shard 0 only`);
  t.same(await where('owners', bob), [1], `${h.b} lives on shard 1 only`);
  t.same(await where('endpoints', aliceEp.endpoint_id), [0], "alice's endpoint on her shard");
  t.same(await where('endpoints', bobEp.endpoint_id), [1], "bob's endpoint on his shard");
  await t.rejects(admin`select switchboard.add_owner(${h.a.toUpperCase()})`, { code: 'SB409' },
    'a handle is unique across shards (it is routed by its hash)');

  // The bulk acts on a queue, routed by owner_id to the owner's shard: bob's dead letter is redriven, then his
  // queue purged, on shard 1; alice's queue of the same name, on shard 0, holds none of it.
  const [dl] = await admin`select switchboard.add_todo(endpoint_id => ${bobEp.endpoint_id}::uuid, queue => 'bulk',
                                                        max_attempts => 1)->>'id' as id`;
  await admin`select switchboard.claim(${bobEp.endpoint_id}::uuid, ${dl.id}::uuid)`;
  await admin`select switchboard.fail(${bobEp.endpoint_id}::uuid, ${dl.id}::uuid)`;
  const bulk = async (fn: 'retry_dead_letters' | 'cancel_queue', o: string) =>
    (await admin.unsafe(`select switchboard.${fn}($1::uuid, 'bulk') - 'queue' - 'team_id' as doc`, [o]))[0].doc;
  t.same(await bulk('retry_dead_letters', alice), { retried: 0, more: false }, "alice's redrive reaches none of bob's");
  t.same(await bulk('retry_dead_letters', bob), { retried: 1, more: false }, "bob's redrive through the proxy");
  t.equal((await c.shards[1]`select state from switchboard.todos where id = ${dl.id}::uuid`)[0].state, 'pending',
    'his dead letter is pending on his shard');
  t.same(await bulk('cancel_queue', bob), { canceled: 1, more: false }, "bob's purge through the proxy");
  t.equal((await c.shards[1]`select state from switchboard.todos where id = ${dl.id}::uuid`)[0].state, 'canceled',
    'and it is canceled on his shard');
  await c.shards[1]`delete from switchboard.todos where id = ${dl.id}::uuid`; // the stories below count bob's todos

  // serve, its pool on the proxy.
  const config = loadConfig({ DATABASE_URL: c.proxyUrl, LOG_LEVEL: 'warn' });
  const server = await startServer({ config, log: createLogger({ level: 'warn' }), host: '127.0.0.1', port: 0, mount: [mountBoard] });
  let serving = true;
  t.teardown(() => (serving ? server.stop(1000) : undefined));
  const a = await httpClient(server.url, aliceEp.credential);
  const b = await httpClient(server.url, bobEp.credential);

  // The agent's story, through the proxy.
  const added = (await call(a, 'add_todo', { queue: 'builds', title: 'Fix the arm64 build', payload: { arch: 'arm64' } })).doc;
  t.equal(added.state, 'pending', 'add_todo');
  const claimed = (await call(a, 'claim_next', { queue: 'builds' })).doc;
  t.equal(claimed.id, added.id, 'claim_next hands out the todo');
  const done = await call(a, 'complete', { todo_id: added.id, result: { ok: true }, summary: 'rebuilt clean' });
  t.equal(done.isError, false);
  t.equal(done.doc.state, 'done', 'complete');
  const got = (await call(a, 'get_todo', { todo_id: added.id })).doc;
  t.equal(got.state, 'done');
  t.match(got.attempts, [{ seq: 1, outcome: 'completed', summary: 'rebuilt clean' }], 'get_todo shows the attempt');
  t.same(await where('todos', added.id), [0], "alice's todo lives on her shard only");
  const bobs = (await call(b, 'add_todo', { queue: 'builds', title: 'bob only' })).doc;
  t.same(await where('todos', bobs.id), [1], "bob's todo on his");
  t.same((await call(b, 'list_todos')).doc.todos.map((x: { title: string }) => x.title), ['bob only'], "bob sees only bob's");

  // A foreign todo answers exactly as an unknown one: ask for alice's, then for the same id once it never existed.
  const verbs = ['get_todo', 'claim', 'heartbeat', 'complete', 'fail', 'release', 'cancel'];
  const foreign: string[] = [];
  for (const verb of verbs) foreign.push(JSON.stringify((await call(b, verb, { todo_id: added.id })).result));
  t.notMatch(foreign.join(), /REMOTE|sb_shard_|Remote/, 'no shard name or PL/Proxy wording reaches the agent');
  await c.shards[0]`delete from switchboard.todos where id = ${added.id}::uuid`;
  for (const [i, verb] of verbs.entries()) {
    const unknown = JSON.stringify((await call(b, verb, { todo_id: added.id })).result);
    t.match(JSON.parse(unknown).structuredContent, { error: 'not_found' }, `${verb}: not_found`);
    t.equal(foreign[i], unknown, `${verb}: another tenant's todo answers byte for byte like a missing one, through the proxy`);
  }
  const badKey = JSON.stringify((await call(b, 'get_todo', { todo_id: randomUUID() })).result);
  t.match(JSON.parse(badKey).structuredContent, { error: 'not_found' });

  // A long poll through the proxy: a waiter on bob's queue is rung by the todo bob's other client adds on his shard
  // (the server LISTENs on every shard). Without the ring it would answer empty at its deadline.
  const b2 = await httpClient(server.url, bobEp.credential);
  const polled = call(b, 'claim_next', { queue: 'later', wait_seconds: 50 });
  const bell = await doorbellFor(server.ctx.sql);
  while (bell.waiting === 0) await new Promise((r) => setTimeout(r, 20));
  const later = (await call(b2, 'add_todo', { queue: 'later', title: 'rung' })).doc;
  t.equal((await polled).doc.id, later.id, "a long poll through the proxy is rung by its shard's doorbell");
  await b2.close();

  // A requester over A2A through the proxy: alice's endpoint files a task; bob's cannot see it.
  const a2a = async (credential: string, body: unknown) => {
    const res = await fetch(`${server.url}/a2a`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0', authorization: `Bearer ${credential}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, text: await res.text() };
  };
  const sent = await a2a(aliceEp.credential, {
    jsonrpc: '2.0', id: 1, method: 'SendMessage', params: SendMessageRequest.toJSON(filing({ queue: 'requests', title: 'a2a' })),
  });
  const task = taskOf(JSON.parse(sent.text).result.task);
  t.same(await where('todos', task.id), [0], "an A2A task is a todo on the requester's shard");
  const got2 = JSON.parse((await a2a(aliceEp.credential, { jsonrpc: '2.0', id: 2, method: 'GetTask', params: { id: task.id } })).text);
  t.equal(got2.result.id, task.id, 'GetTask through the proxy');
  const foreignTask = (await a2a(bobEp.credential, { jsonrpc: '2.0', id: 3, method: 'GetTask', params: { id: task.id } })).text;
  await c.shards[0]`delete from switchboard.todos where id = ${task.id}::uuid`;
  const unknownTask = (await a2a(bobEp.credential, { jsonrpc: '2.0', id: 3, method: 'GetTask', params: { id: task.id } })).text;
  t.match(JSON.parse(foreignTask), { error: {} }, "bob's GetTask of alice's task is an error");
  t.equal(foreignTask, unknownTask, 'byte for byte the answer for a task that never existed');

  // The Board through the proxy: bob signs in with a link minted through the proxy and reads his todo.
  const token = (await admin`select switchboard.owner_login_token(${h.b}) as doc`)[0].doc.login_token as string;
  const login = await fetch(`${server.url}/board/login`, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    body: new URLSearchParams({ token, as: h.b }).toString(),
  });
  t.equal(login.status, 303, 'the Board signs bob in through the proxy');
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  t.match(cookie, new RegExp(`^${SESSION_COOKIE}=sbs_s[0-9a-f]{2}_`), 'his session secret carries his slot');
  const page = await fetch(`${server.url}/board/todos/${bobs.id}`, { headers: { cookie } });
  t.equal(page.status, 200);
  const html = await page.text();
  t.match(html, 'bob only', "the Board shows bob's todo");
  // A Board write through the proxy: bob claims his todo from the drawer.
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const claimedOnBoard = await fetch(`${server.url}/board/todos/${bobs.id}/claim`, {
    method: 'POST', redirect: 'manual',
    headers: { cookie, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf }).toString(),
  });
  t.equal(claimedOnBoard.status, 303, 'the Board claims through the proxy');
  t.equal((await c.shards[1]`select state from switchboard.todos where id = ${bobs.id}::uuid`)[0].state, 'claimed',
    "and the todo is claimed on bob's shard");
  const gone = await fetch(`${server.url}/board/todos/${added.id}`, { headers: { cookie } });
  const none = await fetch(`${server.url}/board/todos/${bobs.id.replace(/.$/, (x: string) => (x === '0' ? '1' : '0'))}`, {
    headers: { cookie },
  });
  const noneId = bobs.id.replace(/.$/, (x: string) => (x === '0' ? '1' : '0'));
  t.equal(gone.status, 404);
  t.equal(none.status, 404, 'an unknown id on the Board: not found');
  t.equal((await gone.text()).replaceAll(added.id, '<id>'), (await none.text()).replaceAll(noneId, '<id>'),
    "alice's todo id on bob's Board: the same page as an unknown id");

  t.same((await shardStatus(c.proxyUrl)).map((r) => [r.partition, r.ok, r.owners]), [[0, true, 1], [1, true, 1]],
    'shard status: both up, one owner each');

  // Every proxied call ran on exactly one shard: per entry point, the proxy's calls are the shards' calls summed, and
  // what only alice did ran only on her shard. Statistics are flushed when sessions end: end them all first.
  await a.close();
  await b.close();
  await server.stop(1000);
  serving = false;
  await admin.end({ timeout: 5 });
  adminOpen = false;
  await waitIdle(c);
  const proxy = await callCounts(c.proxyUrl, SURFACES);
  const shard = await Promise.all(c.shardUrls.map((u) => callCounts(u, SURFACES)));
  const names = Object.keys(proxy).filter((f) => !/\.(mcp_session_key|signal_key|shard_listeners)$/.test(f));
  t.ok(names.length >= 6, `calls were counted (${names.join(', ')})`);
  for (const f of names) {
    t.equal((shard[0][f] ?? 0) + (shard[1][f] ?? 0), proxy[f], `${f}: ${proxy[f]} through the proxy = shard 0 + shard 1`);
  }
  for (const f of ['switchboard_agent.complete', 'switchboard_agent.a2a_send']) {
    t.ok((shard[0][f] ?? 0) > 0 && !shard[1][f], `${f} ran on alice's shard only`);
  }
  for (const f of ['switchboard_agent.list_todos', 'switchboard_board.get_todo', 'switchboard_board.sign_in']) {
    t.ok((shard[1][f] ?? 0) > 0 && !shard[0][f], `${f} ran on bob's shard only`);
  }
  // A call that raised leaves its function listed with no call counted: bob's refused calls ran on his shard only.
  for (const f of ['claim', 'heartbeat', 'fail', 'release', 'cancel'].map((v) => `switchboard_agent.${v}`)) {
    t.ok(f in shard[1] && !(f in shard[0]), `${f} (bob's, refused) ran on bob's shard only`);
  }
  t.comment(`calls: proxy ${JSON.stringify(proxy)}; shard 0 ${JSON.stringify(shard[0])}; shard 1 ${JSON.stringify(shard[1])}`);
});
