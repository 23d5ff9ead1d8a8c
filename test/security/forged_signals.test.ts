// Any login of the database may LISTEN and NOTIFY on Switchboard's channels (PostgreSQL has no privilege for either).
// As such a login with no grants at all, against a real server: listening learns no endpoint id, owner id or queue
// name (a ring is opaque tags with a MAC, a refusal only credential digests); rings it makes up (the old payload with an endpoint id, a queue name alone, a MAC it guessed) or replays wake no
// long poll; and a revocation it makes up or replays closes no session. The server acts only on signals it can check.
import postgres from 'postgres';
import t, { type Test } from 'tap';
import { loadConfig } from '../../src/config.js';
import { doorbellFor } from '../../src/doorbell.js';
import { createLogger } from '../../src/log.js';
import { startServer } from '../../src/server.js';
import { refusedSignals } from '../../src/signals.js';
import { freshDatabase, type TestDb } from '../helpers/db.js';
import { call, httpClient } from '../mcp/helpers.js';
import { until } from '../worker/helpers.js';

const CHANNELS = ['switchboard_doorbell', 'switchboard_credentials_refused'];

/** A login with no grants, on this database, listening to Switchboard's channels; what it heard, in order. */
async function stranger(t: Test, db: TestDb) {
  const name = `stranger_${db.name.slice(-8)}`;
  await db.sql.unsafe(`create role ${name} login`);
  const sql = postgres(db.url.replace('postgres@', `${name}@`), { max: 1, onnotice: () => {} });
  t.teardown(async () => {
    await sql.end({ timeout: 5 });
    await db.sql.unsafe(`drop role if exists ${name}`);
  });
  const [{ grants }] = await sql`select count(*)::int as grants from pg_auth_members m join pg_roles r on r.oid = m.member
                                 where r.rolname = current_user`;
  const heard: Array<{ channel: string; payload: string }> = [];
  for (const channel of CHANNELS) await sql.listen(channel, (payload) => heard.push({ channel, payload }));
  return { sql, heard, grants, notify: (channel: string, payload: string) => sql`select pg_notify(${channel}, ${payload})` };
}

async function serve(t: Test, db: TestDb) {
  const server = await startServer({ config: loadConfig({ DATABASE_URL: db.url }), log: createLogger({ level: 'silent' }), port: 0 });
  t.teardown(() => server.stop(1000));
  return server;
}

async function endpoint(db: TestDb, handle: string) {
  const [{ doc: o }] = await db.sql`select switchboard.add_owner(${handle}) as doc`;
  const [{ doc }] = await db.sql`select switchboard.vend_endpoint(${o.owner_id}::uuid, 'bot') as doc`;
  return { ...(doc as { endpoint_id: string; credential: string }), owner_id: o.owner_id as string };
}

const add = async (db: TestDb, ep: string, queue: string): Promise<string> =>
  (await db.sql`select switchboard.add_todo(endpoint_id => ${ep}::uuid, queue => ${queue}::text)->>'id' as id`)[0].id;

t.test('a login with no grants, listening, learns no endpoint id, owner id or queue name', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const s = await stranger(t, db);
  t.equal(s.grants, 0, 'the listener holds no role');
  const server = await serve(t, db);
  const a = await endpoint(db, 'alice');
  const b = await endpoint(db, 'bob');
  const agent = await httpClient(server.url, a.credential);
  t.teardown(() => agent.close());

  const added = await call(agent, 'add_todo', { queue: 'payroll-eu' });
  await call(agent, 'claim', { todo_id: added.doc.id });
  await call(agent, 'release', { todo_id: added.doc.id });
  await db.sql`select switchboard.revoke_endpoint(${b.owner_id}::uuid, ${b.endpoint_id}::uuid)`;
  // A listening doorbell pings itself on the channel (`p.` and a random nonce) to prove its LISTEN still hears; those
  // are not rings and do not count toward them.
  const isPing = (h: { channel: string; payload: string }) => h.channel === 'switchboard_doorbell' && h.payload.startsWith('p.');
  await until(async () => s.heard.filter((h) => h.channel === 'switchboard_doorbell' && !isPing(h)).length >= 2 &&
    s.heard.some((h) => h.channel === 'switchboard_credentials_refused'), 'the rings and the revocation to be heard');

  const secrets = [a.endpoint_id, a.owner_id, b.endpoint_id, b.owner_id, 'payroll-eu', 'alice', 'bob'];
  for (const h of s.heard) {
    t.notOk(secrets.some((x) => h.payload.includes(x)), `${h.channel}: ${h.payload} names nothing`);
    if (isPing(h)) {
      t.match(h.payload, /^p\.[0-9a-f]{24}$/, 'a ping: only a random nonce');
    } else if (h.channel === 'switchboard_doorbell') {
      t.match(h.payload, /^([0-9a-f]{32}\.)+\d+\.\d+\.[0-9a-f]{32}$/, 'a ring: only opaque tags, a stamp and a MAC');
    } else {
      // A refusal is a cache hint: the SHA-256 digests of the refused credentials (never an id), acted on only after a
      // database check, so it needs no MAC.
      t.match(h.payload, /^[0-9a-f]{64}(,[0-9a-f]{64})*$/, 'a refusal: only credential digests');
    }
  }
});

t.test('rings a login with no grants makes up or replays wake no long poll; genuine ones still do', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const s = await stranger(t, db);
  const server = await serve(t, db);
  const a = await endpoint(db, 'alice');
  const sentinel = await endpoint(db, 'sentinel');
  const agent = await httpClient(server.url, a.credential);
  const watcher = await httpClient(server.url, sentinel.credential);
  t.teardown(() => Promise.all([agent.close(), watcher.close()]));
  const bell = await doorbellFor(server.ctx.sql);

  // A genuine ring of A's queue, heard by the stranger, to replay later.
  const first = await add(db, a.endpoint_id, 'builds');
  await until(async () => s.heard.length >= 1, 'the genuine ring');
  const genuine = s.heard[0].payload;
  await call(agent, 'claim', { todo_id: first });

  // A waits on builds. Then a todo of A becomes claimable without ringing (a DBA's UPDATE rings nothing): only a ring
  // would make A's wait claim it before its deadline.
  const waiting = call(agent, 'claim_next', { queue: 'builds', wait_seconds: 50 });
  let settled = false;
  void waiting.then(() => (settled = true));
  await until(async () => bell.waiting === 1, "A's long poll");
  const [{ id: silent }] = await db.sql`select switchboard.add_todo(endpoint_id => ${a.endpoint_id}::uuid, queue => 'builds'::text,
                                          run_at => now() + interval '1 hour')->>'id' as id`;
  await db.sql`update switchboard.todos set run_at = now(), ready_at = now() where id = ${silent}::uuid`;

  const [ms, xid, mac] = genuine.split('.').slice(-3);
  const tags = genuine.split('.').slice(0, -3).join('.');
  const forged = [
    genuine, // replayed as heard
    JSON.stringify({ queue: 'builds', endpoint: a.endpoint_id }), // the payload before: the endpoint id
    JSON.stringify({ queue: 'builds' }), // a queue name alone used to wake every waiter of that name
    `${tags}.${Date.now()}.${Number(xid) + 1}.${mac}`, // a fresh stamp on the old MAC
    `${tags}.${ms}.${xid}.${'0'.repeat(32)}`, // a MAC made up
    `${tags}.${ms}.${xid}`, // none at all
  ];
  const refused = () => (bell as { counts?: { refused: number } }).counts?.refused ?? 0;
  const refusedBefore = refused();
  for (let i = 0; i < 50; i++) for (const p of forged) await s.notify('switchboard_doorbell', p);

  // Notifications reach the server in commit order on its one LISTEN connection: once the sentinel's long poll has
  // its own (later) todo, every forged ring before it has been dispatched.
  const sentinelWait = call(watcher, 'claim_next', { queue: 'canary', wait_seconds: 50 });
  await until(async () => bell.waiting === 2, "the sentinel's long poll");
  const canary = await add(db, sentinel.endpoint_id, 'canary');
  t.equal((await sentinelWait).doc.id, canary, 'the sentinel was woken by its genuine ring');

  t.equal(settled, false, "A's long poll is still waiting: no forged or replayed ring woke it");
  t.equal((await db.sql`select state from switchboard.todos where id = ${silent}::uuid`)[0].state, 'pending',
    'so the silent todo was never claimed');
  t.equal(refused() - refusedBefore, 300, 'every one of the 300 forged rings was refused');
  t.same(refusedSignals(server.ctx.sql), { forged: 250, stale: 0, replayed: 50 },
    'counted for /metrics as switchboard_signals_refused_total: 250 forged, 50 replayed');

  const next = await add(db, a.endpoint_id, 'builds');
  const got = (await waiting).doc;
  t.ok([silent, next].includes(got.id as string), 'a genuine ring of A wakes it, and it claims');
});

t.test('a revocation a login with no grants makes up or replays closes no session', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const s = await stranger(t, db);
  const server = await serve(t, db);
  const a = await endpoint(db, 'alice');
  const b = await endpoint(db, 'bob');
  const sentinel = await endpoint(db, 'sentinel');
  const agent = await httpClient(server.url, a.credential);
  const watcher = await httpClient(server.url, sentinel.credential);
  t.teardown(() => Promise.all([agent.close(), watcher.close()]));
  const bell = await doorbellFor(server.ctx.sql);
  t.equal((await call(agent, 'list_todos', {})).isError, false, "A's session works");

  await db.sql`select switchboard.revoke_endpoint(${b.owner_id}::uuid, ${b.endpoint_id}::uuid)`;
  await until(async () => s.heard.some((h) => h.channel === 'switchboard_credentials_refused'), "B's revocation");
  const genuine = s.heard.find((h) => h.channel === 'switchboard_credentials_refused')!.payload;
  for (const p of [genuine, a.endpoint_id, `${genuine.split('.')[0]}.${Date.now()}.1.${'f'.repeat(32)}`]) {
    await s.notify('switchboard_credentials_refused', p);
  }
  // The same LISTEN connection carries both channels, in commit order: the sentinel's ring comes after them.
  const sentinelWait = call(watcher, 'claim_next', { queue: 'canary', wait_seconds: 50 });
  await until(async () => bell.waiting === 1, "the sentinel's long poll");
  const canary = await add(db, sentinel.endpoint_id, 'canary');
  t.equal((await sentinelWait).doc.id, canary, 'every signal before the sentinel ring was dispatched');

  const after = await call(agent, 'list_todos', {});
  t.equal(after.isError, false, "A's session still answers: a made-up or replayed revocation closed nothing");
});
