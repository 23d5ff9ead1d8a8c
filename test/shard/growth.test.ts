// Growing a sharded Switchboard (docs/scale-out.md): the deployment's own logins (named after it, kept by every init,
// a LISTEN-only login for the servers), split in place, and moving a partition to a new database.
import postgres from 'postgres';
import t from 'tap';
import { initShards, shardStatus, splitShards } from '../../src/shard.js';
import { shardedCluster } from './cluster.js';

t.test('logins per deployment', async (t) => {
  const c = await shardedCluster(t, 2);
  const proxy = postgres(c.proxyUrl, { max: 1, onnotice: () => {} });
  t.teardown(() => proxy.end({ timeout: 5 }));
  const logins = async () =>
    Object.fromEntries((await proxy<{ cluster: string; login: string; password: string }[]>`
      select cluster, login, password from switchboard_proxy.logins order by cluster`).map((r) => [r.cluster, r]));
  const before = await logins();
  const name = c.names.proxy;
  t.same(Object.values(before).map((r) => r.login).sort(), [`sb_${name}_listen`, `sb_${name}_proxy`, `sb_${name}_proxy_admin`],
    "the proxy's logins carry the deployment's name (the proxy database's)");
  const listenUrls = (await proxy.begin(async (tx) => {
    await tx`set local role switchboard_server`;
    return tx<{ url: string }[]>`select url from switchboard_agent.shard_listeners() url`;
  })).map((r) => r.url);
  t.equal(listenUrls.length, 2, 'the server (switchboard_server) is told one listen URL per shard');
  t.ok(listenUrls.every((u) => new URL(u).username === `sb_${name}_listen`), 'as the LISTEN-only login');

  await t.test('shard_listeners() is the server\'s alone', async (t) => {
    await t.rejects(proxy.begin(async (tx) => {
      await tx`set local role switchboard_agent`;
      await tx`select switchboard_agent.shard_listeners()`;
    }), { code: '42501' }, 'a login holding only the agent role is refused');
  });

  await t.test('the LISTEN-only login listens and can call nothing', async (t) => {
    const l = postgres(listenUrls[0], { max: 1, onnotice: () => {} });
    t.teardown(() => l.end({ timeout: 5 }));
    await l`listen sb_test_channel`;
    t.pass('LISTEN works');
    await t.rejects(l`select switchboard_agent.add_todo('sbk_s00_x', 'q')`, { code: '42501' }, 'an agent verb is refused');
    await t.rejects(l`select switchboard.add_owner('mallory')`, { code: '42501' }, 'the admin API is refused');
    await t.rejects(l`select count(*) from switchboard.owners`, { code: '42501' }, 'a table is refused');
  });

  await t.test('a re-run of init keeps the passwords running servers use', async (t) => {
    const l = postgres(listenUrls[1], { max: 1, onnotice: () => {} });
    t.teardown(() => l.end({ timeout: 5 }));
    await l`listen sb_test_channel`;
    await initShards({ proxyUrl: c.proxyUrl, shardUrls: c.shardUrls });
    t.same(await logins(), before, 'the same logins and passwords');
    const again = postgres(listenUrls[1], { max: 1, onnotice: () => {} });
    t.teardown(() => again.end({ timeout: 5 }));
    t.same(await again`select 1 as one`, [{ one: 1 }], 'a server (re)connecting with the listen URL it was given gets in');
    await t.rejects(initShards({ proxyUrl: c.proxyUrl, shardUrls: c.shardUrls, name: 'other' }), /is named/,
      'a name other than the deployment\'s is refused');
  });

  await t.test('a second deployment in the same cluster has logins of its own', async (t) => {
    const c2 = await shardedCluster(t, 1);
    const p2 = postgres(c2.proxyUrl, { max: 1, onnotice: () => {} });
    t.teardown(() => p2.end({ timeout: 5 }));
    const [r] = await p2<{ login: string }[]>`select login from switchboard_proxy.logins where cluster = 'switchboard'`;
    t.equal(r.login, `sb_${c2.names.proxy}_proxy`, 'named after it');
    const admin = postgres(c.proxyUrl, { max: 1, onnotice: () => {}, connection: { role: 'switchboard_admin' } });
    t.teardown(() => admin.end({ timeout: 5 }));
    t.match((await admin`select switchboard.add_owner('after-second') as doc`)[0].doc, { handle: 'after-second' },
      'the first deployment still reaches its shards after the second\'s init');
    await t.rejects(initShards({ proxyUrl: c2.proxyUrl, shardUrls: c2.shardUrls, name: undefined }).then(async () => {
      const p3 = postgres(c2.proxyUrl, { max: 1, onnotice: () => {} });
      await p3`truncate switchboard_proxy.logins`;
      await p3.end({ timeout: 5 });
      return initShards({ proxyUrl: c2.proxyUrl, shardUrls: c2.shardUrls, name: name });
    }), /is not this deployment's/, "a deployment cannot take another's logins");
  });
});

/** Tenants spread over the shards: each an owner with an endpoint and todos, one completed (with an attempt). */
export async function tenants(admin: postgres.Sql, agent: postgres.Sql, n: number, prefix: string) {
  const out: { handle: string; owner: string; credential: string; todos: string[] }[] = [];
  for (let i = 0; i < n; i++) {
    const handle = `${prefix}${i}`;
    const owner = (await admin`select switchboard.add_owner(${handle}) as doc`)[0].doc.owner_id as string;
    const ep = (await admin`select switchboard.vend_endpoint(${owner}::uuid, 'bot') as doc`)[0].doc;
    const todos: string[] = [];
    for (let k = 0; k < 3; k++) {
      todos.push((await agent`select switchboard_agent.add_todo(${ep.credential}, 'q', ${`job ${k}`}) as doc`)[0].doc.id);
    }
    const claimed = (await agent`select switchboard_agent.claim_next(${ep.credential}, 'q') as doc`)[0].doc;
    await agent`select switchboard_agent.complete(${ep.credential}, ${claimed.id}::uuid, '{"ok":true}'::jsonb, 'done')`;
    out.push({ handle, owner, credential: ep.credential, todos });
  }
  return out;
}

/** What each tenant sees of its todos (ids, states, attempts), through the proxy. */
export async function seen(agent: postgres.Sql, ts: Awaited<ReturnType<typeof tenants>>) {
  const r: Record<string, unknown> = {};
  for (const x of ts) {
    for (const id of x.todos) {
      const d = (await agent`select switchboard_agent.get_todo(${x.credential}, ${id}::uuid) as doc`)[0].doc;
      r[id] = [x.handle, d.state, (d.attempts ?? []).map((a: { seq?: number; outcome?: string }) => [a.seq, a.outcome])];
    }
  }
  return r;
}

t.test('shard split doubles the partitions in place: nothing moves, every tenant keeps working', async (t) => {
  const c = await shardedCluster(t, 2);
  const admin = postgres(c.proxyUrl, { max: 1, onnotice: () => {}, connection: { role: 'switchboard_admin' } });
  const agent = postgres(c.proxyUrl, { max: 1, onnotice: () => {}, connection: { role: 'switchboard_server' } });
  t.teardown(() => Promise.all([admin.end({ timeout: 5 }), agent.end({ timeout: 5 })]));
  const ts = await tenants(admin, agent, 8, 'split');
  const before = await seen(agent, ts);
  const metrics = async () => (await agent`select switchboard_metrics.metrics() as doc`)[0].doc;
  const m0 = await metrics();

  const r = await splitShards(c.proxyUrl);
  t.same(r, { from: 2, to: 4 }, '2 partitions -> 4');
  t.same(await seen(agent, ts), before, 'every tenant reaches every todo and attempt it had, through the proxy');
  const status = await shardStatus(c.proxyUrl);
  t.same(status.map((x) => [x.partition, x.ok, x.db]),
    [[0, true, c.names.shards[0]], [1, true, c.names.shards[1]], [2, true, c.names.shards[0]], [3, true, c.names.shards[1]]],
    'status: partitions 2 and 3 share the databases of 0 and 1, all ok');
  const { oldest_claimable_age_seconds: _a, ...m1 } = await metrics();
  const { oldest_claimable_age_seconds: _b, ...m0rest } = m0;
  t.same(m1, m0rest, 'a fan-out read runs once per database: the merged counts are not doubled');
  for (const x of ts) {
    await t.rejects(admin`select switchboard.add_owner(${x.handle})`, { code: 'SB409' }, `${x.handle} cannot be added twice`);
  }
  const fresh = await tenants(admin, agent, 4, 'after');
  t.same((await shardStatus(c.proxyUrl)).map((x) => x.ok), [true, true, true, true], 'new tenants land on their slots');
  t.ok(fresh.length === 4);

  await t.test('init again keeps the four partitions; init with four shards is refused', async (t) => {
    const res = await initShards({ proxyUrl: c.proxyUrl, shardUrls: c.shardUrls });
    t.equal(res.partitions, 4, 'a re-run (the upgrade step) keeps the split');
    t.same(await seen(agent, ts), before, 'and every tenant still reaches its todos');
    await t.rejects(initShards({ proxyUrl: c.proxyUrl, shardUrls: [...c.shardUrls, ...c.shardUrls.map((u) => `${u}_x`)] }),
      /holds data in 4 partitions on 2 databases/);
  });
});
