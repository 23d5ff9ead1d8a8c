// Growing a sharded Switchboard (docs/scale-out.md): the deployment's own logins (named after it, kept by every init,
// a LISTEN-only login for the servers), split in place, and moving a partition to a new database, its pending notices' jobs with it.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';
import t from 'tap';
import { KEPT_TABLES, moveShard, SLOT_TABLES } from '../../src/shard-move.js';
import { listenEverywhere } from '../../src/shard-listen.js';
import { initShards, shardStatus, splitShards } from '../../src/shard.js';
import { createLogger } from '../../src/log.js';
import { migrateDatabase } from '../../src/migrate.js';
import { startWorker } from '../../src/worker/index.js';
import { ADMIN_URL } from '../helpers/db.js';
import { until, webhookSink } from '../worker/helpers.js';
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
export async function tenants(admin: postgres.Sql, agent: postgres.Sql, n: number | string[], prefix = '') {
  const out: { handle: string; owner: string; credential: string; todos: string[] }[] = [];
  const handles = typeof n === 'number' ? Array.from({ length: n }, (_, i) => `${prefix}${i}`) : n;
  for (const handle of handles) {
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

t.test('every table of a shard is moved with its slots or deliberately kept (none is left behind by a move)', async (t) => {
  const c = await shardedCluster(t, 1);
  const tables = (await c.shards[0]<{ t: string }[]>`
    select n.nspname || '.' || c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname like 'switchboard%' and c.relkind in ('r', 'p') and not c.relispartition order by 1`).map((r) => r.t);
  const moved = SLOT_TABLES.map((x) => `switchboard.${x.table}`);
  t.same(tables.filter((x) => !moved.includes(x) && !(x in KEPT_TABLES)), [],
    'a table in neither SLOT_TABLES nor KEPT_TABLES (src/shard-move.ts) would be orphaned on the source by a move');
  t.same([...moved, ...Object.keys(KEPT_TABLES)].filter((x) => !tables.includes(x)), [], 'and both lists name only tables that exist');
  t.same(moved.filter((x) => x in KEPT_TABLES), [], 'no table is in both');
});

t.test('a move carries a tenant with rows in every kind of table, each row as it was', async (t) => {
  const c = await shardedCluster(t, 1);
  await splitShards(c.proxyUrl);
  const db = c.shards[0];
  // Two owners of partition 1 of 2 (a team's members stay together), arranged on the shard itself.
  const [h1, h2] = (await db<{ h: string }[]>`
    select 'kind' || g as h from generate_series(1, 100) g where hashtext('kind' || g) & 1 = 1 order by g limit 2`)
    .map((r) => r.h);
  const one = async (q: postgres.PendingQuery<postgres.Row[]>) => (await q)[0].doc;
  const owner = (await one(db`select switchboard.add_owner(${h1}) as doc`)).owner_id as string;
  const other = (await one(db`select switchboard.add_owner(${h2}) as doc`)).owner_id as string;
  const ep = await one(db`select switchboard.vend_endpoint(${owner}::uuid, 'bot') as doc`);
  await db`select switchboard.set_endpoint_doorbell_url(${owner}::uuid, ${ep.endpoint_id}::uuid, 'https://agent.example/wake')`;
  await db`select switchboard.set_endpoint_admission(${ep.endpoint_id}::uuid, 60)`;
  const todo = (await one(db`select switchboard_agent.add_todo(${ep.credential}, 'q', '{"n": 1}'::jsonb, 'job') as doc`)).id as string;
  await db`select switchboard_agent.claim_next(${ep.credential}, 'q')`;
  await db`select switchboard_agent.fail(${ep.credential}, ${todo}::uuid, null, 'red')`;
  // Its retry due now (the due-retry sweep's own step), so the next claim moves the first attempt to earlier_attempts.
  await db`update switchboard.todos set next_retry_at = now(), ready_at = now() where id = ${todo}::uuid`;
  await db`select switchboard.requeue_due_retries()`;
  await db`select switchboard_agent.claim_next(${ep.credential}, 'q')`;
  await db`select switchboard.a2a_send(${ep.endpoint_id}::uuid, 'm1', null, '{"messageId": "m1"}', 'q')`;
  await db`select switchboard_agent.add_todo(${ep.credential}, 'q', '{"n": 2}'::jsonb, 'keyed', idempotency_key => 'k-1')`;
  await db`select switchboard.set_queue_limits(${owner}::uuid, 'q', 3)`;
  await db`select switchboard_agent.add_todo(${ep.credential}, 'q', '{"n": 3}'::jsonb, 'later', run_at => now() + interval '1 day')`;
  await db`select switchboard_agent.add_schedule(${ep.credential}, 'q', '0 9 * * *')`;
  const team = await one(db`select switchboard.add_team('crew', ${owner}::uuid) as doc`);
  await db`select switchboard.add_team_member(${team.id}::uuid, ${other}::uuid)`;
  await db`select switchboard.add_team_queue(${team.id}::uuid, 'tq')`;
  const link = await one(db`select switchboard.owner_login_token(${h1}) as doc`);
  await db`select switchboard.owner_sign_in(${link.login_token})`;
  await db`select switchboard.owner_login_token(${h1})`;

  // Each table's rows of partition 1, whole (every column), in one order.
  const rows = async (sql: postgres.Sql) => {
    const out: Record<string, unknown> = {};
    for (const x of SLOT_TABLES) {
      const [r] = await sql.unsafe<{ rows: unknown[] }[]>(`
        select coalesce(jsonb_agg(to_jsonb(x) order by to_jsonb(x)::text), '[]') as rows
          from switchboard.${x.table} x where ((${x.slot}) & 1) = 1`);
      out[x.table] = r.rows;
    }
    return out;
  };
  const before = await rows(db);
  t.same(Object.entries(before).filter(([, v]) => !(v as unknown[]).length).map(([k]) => k), [],
    'the tenant has rows in every table of SLOT_TABLES');

  const su = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const target = `${c.names.shards[0]}_k1`;
  t.teardown(async () => {
    await su.unsafe(`drop database if exists ${target} with (force)`);
    await su.end({ timeout: 5 });
  });
  await su.unsafe(`create database ${target}`);
  const toUrl = Object.assign(new URL(c.shardUrls[0]), { pathname: `/${target}` }).toString();
  await moveShard({ proxyUrl: c.proxyUrl, partition: 1, toUrl });
  const moved = postgres(toUrl, { max: 1, onnotice: () => {} });
  t.teardown(() => moved.end({ timeout: 5 }));
  t.same(await rows(moved), before, 'the new database holds every row of every table as it was');
  t.same(Object.values(await rows(db)).flat(), [], 'the source holds none');
  const bells = (before.deliveries as { id: string; kind: string }[]).filter((d) => d.kind === 'doorbell').map((d) => d.id);
  t.ok(bells.length > 0, 'the tenant had a doorbell delivery');
  t.same((await moved<{ key: string }[]>`select key from graphile_worker.jobs where task_identifier = 'switchboard_doorbell_webhook'
                                          order by key`).map((j) => j.key), bells.map((id) => `switchboard_doorbell:${id}`).sort(),
    "its job is on the new database, keyed by its delivery as the doorbell's trigger keys it");
  t.same(await db`select 1 from graphile_worker.jobs where task_identifier = 'switchboard_doorbell_webhook'`, [],
    'and not on the source');
  const agent = postgres(c.proxyUrl, { max: 1, onnotice: () => {}, connection: { role: 'switchboard_server' } });
  t.teardown(() => agent.end({ timeout: 5 }));
  t.match((await agent`select switchboard_agent.get_todo(${ep.credential}, ${todo}::uuid) as doc`)[0].doc,
    { id: todo, attempts: [{ attempt: 2 }, { attempt: 1, outcome: 'failed', summary: 'red' }] }, 'and the tenant reaches its todo and both attempts (newest first) through the proxy');
});

t.test("a move carries the moved deliveries' jobs: the new database's worker posts a dead letter's notice once, the source keeps no job", async (t) => {
  const c = await shardedCluster(t, 1);
  await splitShards(c.proxyUrl);
  const db = c.shards[0];
  const sink = await webhookSink();
  t.teardown(() => sink.close());
  await db`insert into switchboard.settings (key, value) values ('webhook_allow_http', 'true')
             on conflict (key) do update set value = excluded.value`;
  const [h] = (await db<{ h: string }[]>`
    select 'notice' || g as h from generate_series(1, 100) g where hashtext('notice' || g) & 1 = 1 order by g limit 1`)
    .map((r) => r.h);
  const owner = (await db`select switchboard.add_owner(${h})->>'owner_id' as id`)[0].id as string;
  await db`select switchboard.set_owner_notify_url(owner_id => ${owner}::uuid, url => ${sink.url}::text)`;
  const ep = (await db`select switchboard.vend_endpoint(${owner}::uuid, 'bot')->>'endpoint_id' as id`)[0].id as string;
  // Dead letters (one attempt each, failed): one delivery and one job each, for the owner's notify_url.
  const dead: string[] = [];
  for (const title of ['now', 'later', 'given up', 'jobless']) {
    const id = (await db`select switchboard.add_todo(endpoint_id => ${ep}::uuid, queue => 'q'::text, title => ${title}::text,
                           max_attempts => 1)->>'id' as id`)[0].id as string;
    await db`select switchboard.claim_next(endpoint_id => ${ep}::uuid, queue => 'q'::text, claimant => 'r'::text)`;
    await db`select switchboard.fail(endpoint_id => ${ep}::uuid, todo_id => ${id}::uuid, summary => 'red'::text)`;
    dead.push(id);
  }
  const jobs = async (sql: postgres.Sql) => sql<{ task: string; delivery: string; todo: string | null; key: string | null;
                                                  run_at: Date; max_attempts: number }[]>`
    select k.identifier as task, d.id::text as delivery, d.todo_id::text as todo, j.key, j.run_at, j.max_attempts
      from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
      join switchboard.deliveries d on d.id::text = j.payload::jsonb ->> 'delivery_id' order by k.identifier, j.run_at`;
  const jobOf = (todo: string) => db`select j.id from graphile_worker._private_jobs j
    join switchboard.deliveries d on d.id::text = j.payload::jsonb ->> 'delivery_id' where d.todo_id = ${todo}::uuid`;
  // The second is scheduled an hour out (as a retry's backoff would): the move keeps its run_at. The third's job has
  // failed for good; the fourth's is gone (its delivery is still owed).
  await db`select graphile_worker.reschedule_jobs(array(${jobOf(dead[1])}), run_at => now() + interval '1 hour')`;
  await db`select graphile_worker.permanently_fail_jobs(array(${jobOf(dead[2])}), 'sink gone')`;
  await db`select graphile_worker.complete_jobs(array(${jobOf(dead[3])}))`;
  const [lost] = await db<{ id: string }[]>`select id::text from switchboard.deliveries where todo_id = ${dead[3]}::uuid`;
  const before = await jobs(db);
  t.same(before.map((j) => [j.task, j.todo, j.key]).sort(),
    [0, 1, 2].map((i) => ['switchboard_dead_letter', dead[i], null]).sort(), 'on the source, three jobs for four deliveries');

  const su = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const target = `${c.names.shards[0]}_n1`;
  t.teardown(async () => {
    await su.unsafe(`drop database if exists ${target} with (force)`);
    await su.end({ timeout: 5 });
  });
  await su.unsafe(`create database ${target}`);
  const toUrl = Object.assign(new URL(c.shardUrls[0]), { pathname: `/${target}` }).toString();
  const moved = postgres(toUrl, { max: 1, onnotice: () => {} });
  t.teardown(() => moved.end({ timeout: 5 }));

  // First a move whose new database refuses its commit (a deferred trigger on its jobs, firing in the move's replica
  // session too): both sides roll back, and the source keeps every delivery and every job as it was.
  await migrateDatabase(toUrl, { quiet: true });
  await moved`create function public.refuse_commit() returns trigger language plpgsql as $$
                begin raise exception 'commit refused (test)'; end $$`;
  await moved`create constraint trigger refuse_commit after insert on graphile_worker._private_jobs
                deferrable initially deferred for each row execute function public.refuse_commit()`;
  await moved`alter table graphile_worker._private_jobs enable always trigger refuse_commit`;
  await t.rejects(moveShard({ proxyUrl: c.proxyUrl, partition: 1, toUrl }), /commit refused/, 'the move fails at the commit');
  t.same(await jobs(db), before, 'the source keeps each job as it was');
  t.equal((await db`select 1 from switchboard.deliveries`).length, 4, 'and each delivery');
  t.same(await moved`select (select count(*)::int from switchboard.deliveries) as d, (select count(*)::int from graphile_worker.jobs) as j`,
    [{ d: 0, j: 0 }], 'the new database has neither');
  await moved`drop trigger refuse_commit on graphile_worker._private_jobs`;
  await moved`drop function public.refuse_commit()`;

  const r = await moveShard({ proxyUrl: c.proxyUrl, partition: 1, toUrl });
  t.same(r.jobs, { carried: 3, queued: 1, running: 0 }, 'three jobs carried, one made for the delivery that had none');
  const after = await jobs(moved);
  t.same(after.filter((j) => j.delivery !== lost.id), before,
    'the new database has each job: same task, delivery, key, run_at and max_attempts');
  t.match(after.filter((j) => j.delivery === lost.id), [{ task: 'switchboard_dead_letter', todo: dead[3], key: null }],
    'and one for the delivery that had none, as its trigger queues it');
  t.same(await moved`select attempts = max_attempts as failed, last_error from graphile_worker.jobs j
                      where task_identifier = 'switchboard_dead_letter' order by attempts = max_attempts desc limit 1`,
    [{ failed: true, last_error: 'sink gone' }], 'the job that had failed for good is failed there too (not posted again)');
  const [{ n }] = await db<{ n: number }[]>`select count(*)::int as n from graphile_worker._private_jobs j
    where j.payload::jsonb ->> 'delivery_id' = any(${after.map((j) => j.delivery)})`;
  t.equal(n, 0, 'the source has no job naming a moved delivery');
  const gone = await db`select switchboard_worker.delivery(${before[0].delivery}::uuid)`.then(() => null, (e: { code?: string }) => e.code);
  t.equal(gone, 'SB404', 'and would find nothing to post from one (a job on both sides cannot post twice)');

  // A worker on each database, as docs/scale-out.md runs them.
  await moved`insert into switchboard.settings (key, value) values ('webhook_allow_http', 'true')
             on conflict (key) do update set value = excluded.value`;
  const logger = createLogger({ level: 'silent' });
  for (const url of [toUrl, c.shardUrls[0]]) {
    const w = await startWorker({ databaseUrl: url, logger, webhookAllowPrivate: true });
    t.teardown(() => w.stop());
  }
  const due = [dead[0], dead[3]];
  await until(async () => (await moved`select 1 from switchboard.deliveries where todo_id = any(${due}::uuid[])`).length === 0,
    'the new database to deliver the due notices', 60_000);
  await until(async () => (await jobs(moved)).length === 2, 'their jobs to finish');
  t.same(sink.received.map((x) => (x.body as { todo_id: string }).todo_id).sort(), [...due].sort(),
    'each due notice was posted once (the one that had lost its job too), on the new database');
  t.match(sink.received[0].body, { final_attempt: { summary: 'red' } }, "with its dead letter's notice");
  t.same((await jobs(moved)).filter((j) => j.todo === dead[1]).map((j) => j.run_at), [before.find((j) => j.todo === dead[1])!.run_at],
    'the scheduled one waits on the new database, at its time');
});

t.test('a notice whose POST is under way on the source at the switch is posted again by the new database, never lost', async (t) => {
  const c = await shardedCluster(t, 1);
  await splitShards(c.proxyUrl);
  const db = c.shards[0];
  // A sink that holds its first request unanswered until released: the source's job is running through the move.
  const heard: IncomingHttpHeaders[] = [];
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      heard.push(req.headers);
      const answer = () => res.writeHead(200).end('ok');
      if (heard.length === 1) void held.then(answer);
      else answer();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  await db`insert into switchboard.settings (key, value) values ('webhook_allow_http', 'true')
           on conflict (key) do update set value = excluded.value`;
  const [h] = (await db<{ h: string }[]>`
    select 'busy' || g as h from generate_series(1, 100) g where hashtext('busy' || g) & 1 = 1 order by g limit 1`).map((r) => r.h);
  const owner = (await db`select switchboard.add_owner(${h})->>'owner_id' as id`)[0].id as string;
  await db`select switchboard.set_owner_notify_url(owner_id => ${owner}::uuid, url => ${url}::text)`;
  const ep = (await db`select switchboard.vend_endpoint(${owner}::uuid, 'bot')->>'endpoint_id' as id`)[0].id as string;
  const logger = createLogger({ level: 'silent' });
  const w0 = await startWorker({ databaseUrl: c.shardUrls[0], logger, webhookAllowPrivate: true, notifyTimeoutSeconds: 600 });
  t.teardown(() => w0.stop());
  const id = (await db`select switchboard.add_todo(endpoint_id => ${ep}::uuid, queue => 'q'::text, title => 'busy'::text,
                         max_attempts => 1)->>'id' as id`)[0].id as string;
  await db`select switchboard.claim_next(endpoint_id => ${ep}::uuid, queue => 'q'::text, claimant => 'r'::text)`;
  await db`select switchboard.fail(endpoint_id => ${ep}::uuid, todo_id => ${id}::uuid, summary => 'red'::text)`;
  await until(async () => heard.length === 1, "the source's worker to be posting the notice");

  const su = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const target = `${c.names.shards[0]}_b1`;
  t.teardown(async () => {
    await su.unsafe(`drop database if exists ${target} with (force)`);
    await su.end({ timeout: 5 });
  });
  await su.unsafe(`create database ${target}`);
  const toUrl = Object.assign(new URL(c.shardUrls[0]), { pathname: `/${target}` }).toString();
  const r = await moveShard({ proxyUrl: c.proxyUrl, partition: 1, toUrl });
  t.same(r.jobs, { carried: 0, queued: 1, running: 1 }, 'the running job stays on the source; the delivery gets a job of its own');
  const moved = postgres(toUrl, { max: 1, onnotice: () => {} });
  t.teardown(() => moved.end({ timeout: 5 }));
  await moved`insert into switchboard.settings (key, value) values ('webhook_allow_http', 'true')
              on conflict (key) do update set value = excluded.value`;
  release();
  const w1 = await startWorker({ databaseUrl: toUrl, logger, webhookAllowPrivate: true });
  t.teardown(() => w1.stop());
  await until(async () => (await moved`select 1 from switchboard.deliveries`).length === 0, 'the new database to deliver it', 60_000);
  await until(async () => (await db`select 1 from graphile_worker.jobs where task_identifier = 'switchboard_dead_letter'`).length === 0,
    "the source's job to finish");
  t.equal(heard.length, 2, 'posted twice: by the source (under way at the switch) and by the new database');
  t.equal(new Set(heard.map((x) => x['x-switchboard-delivery'])).size, 1, 'both with the same X-Switchboard-Delivery');
  t.same(await moved`select 1 from graphile_worker.jobs where task_identifier = 'switchboard_dead_letter'`, [],
    'and nothing is left to post on either side');
});

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

t.test('shard move carries a partition to a new database online', async (t) => {
  const c = await shardedCluster(t, 2);
  const admin = postgres(c.proxyUrl, { max: 1, onnotice: () => {}, connection: { role: 'switchboard_admin' } });
  const agent = postgres(c.proxyUrl, { max: 4, onnotice: () => {}, connection: { role: 'switchboard_server' } });
  t.teardown(() => Promise.all([admin.end({ timeout: 5 }), agent.end({ timeout: 5 })]));
  // Two tenants of each slot class of four partitions (the handle's hash decides).
  const handles = (await admin<{ h: string }[]>`
    select h from (select 'grow' || g as h, row_number() over (partition by hashtext('grow' || g) & 3 order by g) as r
                     from generate_series(1, 400) g) x where r <= 2 order by h`).map((r) => r.h);
  const ts = await tenants(admin, agent, handles);
  await splitShards(c.proxyUrl);
  const before = await seen(agent, ts);

  // New databases for partitions 2 and 3.
  const su = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const extra = [`${c.names.shards[0]}_m2`, `${c.names.shards[0]}_m3`];
  t.teardown(async () => {
    for (const db of extra) await su.unsafe(`drop database if exists ${db} with (force)`);
    await su.end({ timeout: 5 });
  });
  for (const db of extra) await su.unsafe(`create database ${db}`);
  const urlOf = (db: string) => Object.assign(new URL(c.shardUrls[0]), { pathname: `/${db}` }).toString();

  // A server's LISTEN (as the doorbell makes it) must follow the move with no restart.
  const got: string[] = [];
  const server = postgres(c.proxyUrl, { max: 2, onnotice: () => {}, connection: { role: 'switchboard_server' } });
  const listening = await listenEverywhere(server, 'sb_grow_probe', (p) => got.push(p));
  t.teardown(async () => {
    await listening.unlisten();
    await server.end({ timeout: 5 });
  });

  await t.test('a team whose members would be cut off is refused, naming it', async (t) => {
    const [a0] = ts.filter((x) => handles.indexOf(x.handle) >= 0 && ts.indexOf(x) >= 0);
    const cls = async (owner: string) => (await admin<{ c: number }[]>`select get_byte(uuid_send(${owner}::uuid), 0) & 3 as c`)[0].c;
    const zero = [];
    const two = [];
    for (const x of ts) (await cls(x.owner)) === 0 ? zero.push(x) : (await cls(x.owner)) === 2 ? two.push(x) : null;
    t.ok(a0 && zero.length && two.length);
    const team = (await admin`select switchboard.add_team('crew', ${zero[0].owner}::uuid) as doc`)[0].doc;
    await admin`select switchboard.add_team_member(${team.id}::uuid, ${two[0].owner}::uuid)`;
    await t.rejects(moveShard({ proxyUrl: c.proxyUrl, partition: 2, toUrl: urlOf(extra[0]) }), /cut team crew/,
      'the move is refused, naming the team');
    t.same((await shardStatus(c.proxyUrl)).map((x) => [x.ok, x.db]),
      [[true, c.names.shards[0]], [true, c.names.shards[1]], [true, c.names.shards[0]], [true, c.names.shards[1]]],
      'and nothing changed');
    await c.shards[0]`delete from switchboard.team_members where team_id = ${team.id}::uuid and owner_id = ${two[0].owner}::uuid`;
  });

  await t.test('two moves while agents keep working: nothing lost, no not_found or forbidden', async (t) => {
    const errors: string[] = [];
    const acked: { x: (typeof ts)[number]; id: string; state: string }[] = [];
    let stop = false;
    const drain = async (x: (typeof ts)[number]) => {
      while (!stop) {
        try {
          const added = (await agent`select switchboard_agent.add_todo(${x.credential}, 'w', '{"n":1}'::jsonb, 'more') as doc`)[0].doc;
          acked.push({ x, id: added.id, state: 'pending' });
          const claimed = (await agent`select switchboard_agent.claim_next(${x.credential}, 'w') as doc`)[0].doc;
          if (claimed?.id) {
            await agent`select switchboard_agent.complete(${x.credential}, ${claimed.id}::uuid, '{"ok":true}'::jsonb, 'ok')`;
            const a = acked.find((y) => y.id === claimed.id);
            if (a) a.state = 'done';
          }
        } catch (e) {
          errors.push(`${x.handle}: ${(e as { code?: string }).code} ${(e as Error).message}`);
        }
      }
    };
    const loops = ts.slice(0, 4).map(drain).concat(ts.slice(4).map(drain));
    const m2 = await moveShard({ proxyUrl: c.proxyUrl, partition: 2, toUrl: urlOf(extra[0]) });
    const m3 = await moveShard({ proxyUrl: c.proxyUrl, partition: 3, toUrl: urlOf(extra[1]) });
    stop = true;
    await Promise.all(loops);
    t.same(errors, [], 'no call failed during the moves');
    t.ok(m2.rows > 0 && m3.rows > 0, `rows moved: ${m2.rows} and ${m3.rows}`);
    t.same(await seen(agent, ts), before, 'every tenant reaches every todo and attempt it had (same ids, same credentials)');
    for (const a of acked) {
      const d = (await agent`select switchboard_agent.get_todo(${a.x.credential}, ${a.id}::uuid) as doc`)[0].doc;
      if (d.state !== a.state) t.fail(`${a.id} acknowledged ${a.state}, now ${d.state}`);
    }
    t.ok(acked.length > 0, `${acked.length} todos added during the moves, each found as acknowledged`);
    const status = await shardStatus(c.proxyUrl);
    t.same(status.map((x) => [x.partition, x.ok, x.db, x.misplaced]),
      [[0, true, c.names.shards[0], 0], [1, true, c.names.shards[1], 0], [2, true, extra[0], 0], [3, true, extra[1], 0]],
      'status: each partition on its own database, each holding only its slots');
    for (const [i, s] of c.shards.entries()) {
      const [r] = await s<{ n: number }[]>`select count(*)::int as n from switchboard.todos where get_byte(uuid_send(scope_id), 0) & 3 <> ${i}`;
      t.equal(r.n, 0, `shard ${i} keeps no todo of the moved slots`);
    }
    for (const x of ts) {
      await t.rejects(admin`select switchboard.add_owner(${x.handle})`, { code: 'SB409' }, `${x.handle} is still unique`);
    }
    const m = (await agent`select switchboard_metrics.metrics() as doc`)[0].doc;
    t.ok(m, 'metrics fan out over the four databases');
  });

  await t.test('servers listen on the new databases with no restart', async (t) => {
    const target = postgres(urlOf(extra[1]), { max: 1, onnotice: () => {} });
    t.teardown(() => target.end({ timeout: 5 }));
    for (let i = 0; i < 600 && !got.includes('moved'); i++) {
      await target`select pg_notify('sb_grow_probe', 'moved')`;
      await new Promise((r) => setTimeout(r, 50));
    }
    t.ok(got.includes('moved'), 'a NOTIFY on the new database reaches the listener opened before the move');
  });
});
