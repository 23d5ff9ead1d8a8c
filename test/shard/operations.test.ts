// Operating a sharded Switchboard through its proxy: teams live on their first admin's shard (a member of another shard
// cannot join), metrics and sweeps fan out and merge, and one shard down leaves the other shard's tenants served.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import t from 'tap';
import { createLogger } from '../../src/log.js';
import { initShards, shardStatus } from '../../src/shard.js';
import { startWorker } from '../../src/worker/index.js';
import { ADMIN_URL } from '../helpers/db.js';
import { shardedCluster } from './cluster.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const run = (args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(process.execPath, [CLI, ...args], (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr })));

t.test('teams, fan-out and one shard down, through the proxy', async (t) => {
  const c = await shardedCluster(t, 2);
  const admin = postgres(c.proxyUrl, { max: 1, onnotice: () => {}, connection: { role: 'switchboard_admin' } });
  const agent = postgres(c.proxyUrl, { max: 1, onnotice: () => {}, connection: { role: 'switchboard_server' } });
  t.teardown(() => Promise.all([admin.end({ timeout: 5 }), agent.end({ timeout: 5 })]));
  const doc = async (q: Promise<postgres.Row[]>) => (await q)[0].doc;

  const [h] = await admin<{ a: string; a2: string; b: string }[]>`
    select (select 'ann' || g from generate_series(1, 99) g where hashtext('ann' || g) & 1 = 0 limit 1) as a,
           (select 'amy' || g from generate_series(1, 99) g where hashtext('amy' || g) & 1 = 0 limit 1) as a2,
           (select 'ben' || g from generate_series(1, 99) g where hashtext('ben' || g) & 1 = 1 limit 1) as b`;
  const ann = (await doc(admin`select switchboard.add_owner(${h.a}) as doc`)).owner_id;
  const amy = (await doc(admin`select switchboard.add_owner(${h.a2}) as doc`)).owner_id;
  const ben = (await doc(admin`select switchboard.add_owner(${h.b}) as doc`)).owner_id;

  await t.test('shard init refuses what it would break', async (t) => {
    await t.rejects(initShards({ proxyUrl: c.proxyUrl, shardUrls: [...c.shardUrls, c.shardUrls[0]] }), /power of two/,
      'three shards: PL/Proxy partitions are a power of two');
    await t.rejects(initShards({ proxyUrl: c.shardUrls[0], shardUrls: [c.shardUrls[1]] }), /holds a Switchboard ledger/,
      'a proxy database that is a Switchboard database');
    await t.rejects(initShards({ proxyUrl: c.proxyUrl, shardUrls: [c.shardUrls[1], c.shardUrls[0]] }),
      /init keeps that shape/, 'shards given in another order: a shard is never renumbered');
    t.same((await shardStatus(c.proxyUrl)).map((r) => [r.partition, r.ok]), [[0, true], [1, true]], 'and the cluster is as it was');
  });

  await t.test('shard init with more shards is refused, changing nothing: growth is split and move', async (t) => {
    const su = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    const extra = c.names.shards.map((n) => `${n}_new`);
    t.teardown(async () => {
      for (const db of extra) await su.unsafe(`drop database if exists ${db} with (force)`);
      await su.end({ timeout: 5 });
    });
    for (const db of extra) await su.unsafe(`create database ${db}`);
    const urls = extra.map((db) => Object.assign(new URL(c.shardUrls[0]), { pathname: `/${db}` }).toString());
    const before = await shardStatus(c.proxyUrl);
    const cli = await run(['shard', 'init', '--proxy', c.proxyUrl, ...[...c.shardUrls, ...urls].flatMap((u) => ['--shard', u])]);
    t.equal(cli.code, 2, '`shard init` with four shards for a deployment of two partitions holding data exits 2');
    t.match(cli.stderr.trim(), /^switchboard: shard init: .*holds data in 2 partitions.*shard split.*shard move[^\n]*$/,
      'in one line naming shard split and shard move');
    t.same(await shardStatus(c.proxyUrl), before, 'the proxy and the shards are as they were');
    for (const db of extra) {
      const s = postgres(Object.assign(new URL(c.shardUrls[0]), { pathname: `/${db}` }).toString(), { max: 1, onnotice: () => {} });
      const [r] = await s`select to_regnamespace('switchboard') is null as empty`;
      await s.end({ timeout: 5 });
      t.ok(r.empty, `the new database ${db} is untouched`);
    }
    t.match(await doc(admin`select switchboard.add_owner(${h.a}) as doc`).catch((e: Error) => e), { code: 'SB409' },
      'and an existing handle is still refused: no handle on two shards');
  });

  await t.test('shard status: a handle on two shards, or a row of another slot, is not ok', async (t) => {
    const [row] = await c.shards[0]<{ id: string }[]>`select id from switchboard.owners where handle = ${h.a}`;
    // Written behind the proxy's back: ann again on shard 1 (with an id of shard 1's slots).
    const id = `${row.id.replace(/^../, '01')}`;
    await c.shards[1]`insert into switchboard.owners (id, handle) values (${id}::uuid, ${h.a})`;
    const status = await shardStatus(c.proxyUrl);
    t.match(status[1], { ok: false, error: new RegExp(`${h.a} \\(also on partition 0\\)`) }, 'the handle on two shards is named');
    const cli = await run(['shard', 'status', '--proxy', c.proxyUrl]);
    t.equal(cli.code, 1, '`shard status` exits 1');
    t.match(cli.stdout, /^partition 1: WRONG .*handles on two shards/m, 'and says why');
    await c.shards[1]`delete from switchboard.owners where id = ${id}::uuid`;
    await c.shards[1]`insert into switchboard.owners (id, handle) values (${row.id.replace(/^../, '00')}::uuid, 'x-misplaced')`;
    t.match((await shardStatus(c.proxyUrl))[1], { ok: false, misplaced: 1, error: /1 rows of slots that are not its own/ },
      'an owner of partition 0 on partition 1 is misplaced');
    await c.shards[1]`delete from switchboard.owners where handle = 'x-misplaced'`;
    t.same((await shardStatus(c.proxyUrl)).map((r) => r.ok), [true, true], 'and ok again once they are gone');
  });

  await t.test('shard init again (an upgrade): the same cluster, the same keys, the data kept', async (t) => {
    const key = async () => (await agent`select encode(switchboard_agent.mcp_session_key(), 'hex') as k`)[0].k as string;
    const before = await key();
    const ep = await doc(admin`select switchboard.vend_endpoint(${ann}::uuid, 'again-bot') as doc`);
    await initShards({ proxyUrl: c.proxyUrl, shardUrls: c.shardUrls });
    t.equal(await key(), before, 'the MCP session key is kept: sessions servers issued stay valid');
    t.match(await doc(agent`select switchboard_agent.add_todo(${ep.credential}, 'q') as doc`), { state: 'pending' },
      'a credential vended before works after');
    t.same((await shardStatus(c.proxyUrl)).map((r) => [r.partition, r.ok, r.owners]), [[0, true, 2], [1, true, 1]],
      'the same owners on the same shards');
  });

  await t.test('the worker refuses the proxy database: it runs on each shard', async (t) => {
    await t.rejects(startWorker({ databaseUrl: c.proxyUrl, logger: createLogger({ level: 'silent' }) }),
      /proxy database of a sharded Switchboard/);
  });

  await t.test('a team lives on its first admin\'s shard; a member of another shard cannot join', async (t) => {
    const team = await doc(admin`select switchboard.add_team('crew', ${ann}::uuid) as doc`);
    t.same((await c.shards[0]`select count(*)::int as n from switchboard.teams where id = ${team.id}::uuid`)[0].n, 1, 'on shard 0');
    t.same((await c.shards[1]`select count(*)::int as n from switchboard.teams`)[0].n, 0, 'not on shard 1');
    t.match(await doc(admin`select switchboard.add_team_member(${team.id}::uuid, ${amy}::uuid) as doc`), { role: 'member' },
      'an owner of the same shard joins');
    await t.rejects(admin`select switchboard.add_team_member(${team.id}::uuid, ${ben}::uuid)`, { code: 'SB404' },
      'an owner of another shard is not found there (a documented limit)');
    await admin`select switchboard.add_team_queue(${team.id}::uuid, 'deploys')`;
    const ep = await doc(admin`select switchboard.vend_endpoint(${ann}::uuid, 'crew-bot', null, ${team.id}::uuid) as doc`);
    const todo = await doc(agent`select switchboard_agent.add_todo(${ep.credential}, 'deploys') as doc`);
    t.same((await c.shards[0]`select team_id from switchboard.todos where id = ${todo.id}::uuid`)[0].team_id, team.id,
      'a team queue\'s todo is the team\'s, on the team\'s shard');
    const teams = await doc(admin`select switchboard.list_teams(${amy}::uuid) as doc`);
    t.same(teams.teams.map((x: { name: string }) => x.name), ['crew'], 'list_teams through the proxy, routed by the owner');
    await t.rejects(admin`select switchboard.list_teams()`, { code: 'SB422' },
      'list_teams of every scope is refused through the proxy, not answered with one shard\'s');
  });

  await t.test('metrics and sweeps run on every shard and merge', async (t) => {
    const annEp = await doc(admin`select switchboard.vend_endpoint(${ann}::uuid, 'ann-bot') as doc`);
    const benEp = await doc(admin`select switchboard.vend_endpoint(${ben}::uuid, 'ben-bot') as doc`);
    await agent`select switchboard_agent.add_todo(${annEp.credential}, 'q')`;
    await agent`select switchboard_agent.add_todo(${benEp.credential}, 'q')`;
    await agent`select switchboard_agent.claim_next(${benEp.credential}, 'q', lease_seconds => 1)`;
    const perShard = await Promise.all(c.shards.map(async (s) => (await s`select switchboard.metrics() as doc`)[0].doc));
    const merged = await doc(agent`select switchboard_metrics.metrics() as doc`);
    const value = (d: { todos: { queue: string; state: string; value: number }[] }, state: string) =>
      d.todos.filter((x) => x.queue === 'q' && x.state === state).reduce((n, x) => n + Number(x.value), 0);
    t.equal(value(merged, 'pending'), value(perShard[0], 'pending') + value(perShard[1], 'pending'), 'pending summed');
    t.equal(value(merged, 'claimed'), 1, 'the claimed one counted once');
    t.equal(Number(merged.claims_admitted), Number(perShard[0].claims_admitted) + Number(perShard[1].claims_admitted));
    t.same(Object.keys(merged).sort(), Object.keys(perShard[0]).sort(), 'the same document shape as one shard\'s');
    for (const s of c.shards) await s`update switchboard.todos set lease_expires_at = now() - interval '1 second' where state = 'claimed'`;
    t.equal((await admin`select switchboard.reap() as n`)[0].n, 1, 'reap through the proxy sweeps every shard: one lapsed lease');
  });

  await t.test('one shard down: the other shard\'s tenants are served; status says which', async (t) => {
    const annEp = await doc(admin`select switchboard.vend_endpoint(${ann}::uuid, 'ann-bot-2') as doc`);
    const benEp = await doc(admin`select switchboard.vend_endpoint(${ben}::uuid, 'ben-bot-2') as doc`);
    const su = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    t.teardown(() => su.end({ timeout: 5 }));
    const down = c.names.shards[1];
    await su.unsafe(`alter database ${down} allow_connections = false`);
    await su`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${down}`;
    await c.shards[1].end({ timeout: 1 });
    t.teardown(() => su.unsafe(`alter database ${down} allow_connections = true`));

    t.match(await doc(agent`select switchboard_agent.add_todo(${annEp.credential}, 'q') as doc`), { state: 'pending' },
      "shard 0's tenant adds a todo while shard 1 is down");
    await t.rejects(agent`select switchboard_agent.add_todo(${benEp.credential}, 'q')`, "shard 1's tenant gets an error");
    await t.rejects(agent`select switchboard_metrics.metrics()`, 'a fan-out read fails while any shard is down');
    const status = await shardStatus(c.proxyUrl);
    t.same(status.map((r) => [r.partition, r.ok]), [[0, true], [1, false]], 'shard status: 0 ok, 1 down');
    const cli = await run(['shard', 'status', '--proxy', c.proxyUrl]);
    t.equal(cli.code, 1, '`switchboard shard status` exits 1');
    t.match(cli.stdout, /^partition 0: ok .*\npartition 1: DOWN /m, 'and says which shard is down');

    await su.unsafe(`alter database ${down} allow_connections = true`);
    t.match(await doc(agent`select switchboard_agent.add_todo(${benEp.credential}, 'q') as doc`), { state: 'pending' },
      'back up: the proxy reconnects and serves shard 1 again');
  });
});
