// Growing a sharded Switchboard (docs/scale-out.md): the deployment's own logins (named after it, kept by every init,
// a LISTEN-only login for the servers), split in place, and moving a partition to a new database.
import postgres from 'postgres';
import t from 'tap';
import { initShards } from '../../src/shard.js';
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
