// Secrets: credentials and lease tokens are stored only as SHA-256 digests and appear in no log line, metric,
// notification body, error message or read; an owner rotates a fleet's credential (vend new, revoke old) over
// HTTP while the new one keeps working without a single failed call.
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { startServer } from '../../src/server.js';
import { freshDatabase } from '../helpers/db.js';
import { call, httpClient } from '../mcp/helpers.js';

const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');

t.test('no credential or lease token in any log, metric, notification, error or read; only their digests stored', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const chunks: string[] = [];
  const sink = new Writable({ write(c, _e, done) { chunks.push(String(c)); done(); } });
  const server = await startServer({
    config: loadConfig({ DATABASE_URL: db.url }),
    log: createLogger({ level: 'trace', destination: sink }),
    port: 0,
  });
  t.teardown(() => server.stop(1000));
  const [o] = await db.sql`select switchboard.add_owner('sec') as doc`;
  const [a] = await db.sql`select switchboard.vend_endpoint(${o.doc.owner_id}::uuid, 'fleet') as doc`;
  const cred: string = a.doc.credential;
  const seen: string[] = []; // every answer a caller got, except the one fenced claim that hands out its token
  const client = await httpClient(server.url, cred);
  t.teardown(() => client.close());
  const tokens: string[] = [];

  for (let i = 0; i < 3; i++) seen.push(JSON.stringify((await call(client, 'add_todo', { queue: 'q', max_attempts: 1, title: `t${i}` })).result));
  const c1 = await call(client, 'claim_next', { queue: 'q', require_fence: true, claimant: 'w1' });
  tokens.push(c1.doc.lease_token);
  const c2 = await call(client, 'claim_next', { queue: 'q', require_fence: true, claimant: 'w2' });
  tokens.push(c2.doc.lease_token);
  t.match(c1.doc.lease_token, /^\S{32,}$/, 'a fenced claim hands out its token once');
  // Another attempt's token, a missing token, a heartbeat and the reports: every answer is scanned.
  for (const args of [
    { todo_id: c1.doc.id, lease_token: c2.doc.lease_token },
    { todo_id: c1.doc.id },
    { todo_id: c1.doc.id, lease_token: `${c1.doc.lease_token}x` },
  ]) {
    const r = await call(client, 'heartbeat', args);
    t.equal(r.doc.error, 'conflict');
    seen.push(JSON.stringify(r.result));
  }
  seen.push(JSON.stringify((await call(client, 'heartbeat', { todo_id: c1.doc.id, lease_token: c1.doc.lease_token })).result));
  seen.push(JSON.stringify((await call(client, 'complete', { todo_id: c1.doc.id, lease_token: c1.doc.lease_token, summary: 'ok' })).result));
  seen.push(JSON.stringify((await call(client, 'fail', { todo_id: c2.doc.id, lease_token: c2.doc.lease_token, summary: 'no' })).result));
  seen.push(JSON.stringify((await call(client, 'complete', { todo_id: c2.doc.id, lease_token: c2.doc.lease_token })).result));
  for (const id of [c1.doc.id, c2.doc.id]) seen.push(JSON.stringify((await call(client, 'get_todo', { todo_id: id })).result));
  seen.push(JSON.stringify((await call(client, 'list_todos', {})).result));
  const c3 = await call(client, 'claim_next', { queue: 'q', claimant: 'w3' });
  seen.push(JSON.stringify((await call(client, 'release', { todo_id: c3.doc.id })).result));

  // The dead letter's notification body, and what the worker's job queue holds.
  const [notice] = await db.sql`select switchboard.dead_letter_notice(${c2.doc.id}::uuid) as doc`;
  const jobs = await db.sql`select payload::text as p from graphile_worker.jobs`.catch(() => [] as { p: string }[]);
  const metrics = await fetch(`${server.url}/metrics`).then((r) => r.text()).catch(() => '');
  const [{ dump }] = await db.sql`
    select concat_ws(E'\n', (select string_agg(x::text, E'\n') from switchboard.endpoints x),
      (select string_agg(x::text, E'\n') from switchboard.todos x), (select string_agg(x::text, E'\n') from switchboard.todo_attempts x)) as dump`;
  const corpora: Record<string, string> = {
    log: chunks.join(''),
    answers: seen.join('\n'),
    notification: JSON.stringify(notice.doc) + jobs.map((j) => j.p).join('\n'),
    metrics,
    'ledger tables': dump,
  };
  t.ok(corpora.log.split('\n').length > 10, 'the server logged every call');
  for (const [name, text] of Object.entries(corpora)) {
    for (const secret of [cred, ...tokens]) t.notOk(text.includes(secret), `${name} holds no credential or lease token`);
  }
  t.ok(dump.includes(sha256hex(cred)), 'the credential is stored as its SHA-256');
  t.ok(tokens.every((tok) => dump.includes(sha256hex(tok))), 'each lease token is stored as its SHA-256');
});

t.test('rotation: vend a new credential, move the fleet, revoke the old; the new one never fails', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const server = await startServer({ config: loadConfig({ DATABASE_URL: db.url }), log: createLogger({ level: 'silent' }), port: 0 });
  t.teardown(() => server.stop(1000));
  const [o] = await db.sql`select switchboard.add_owner('rot') as doc`;
  const owner = o.doc.owner_id;
  const [oldEp] = await db.sql`select switchboard.vend_endpoint(${owner}::uuid, 'fleet') as doc`;
  const oldClient = await httpClient(server.url, oldEp.doc.credential);
  t.teardown(() => oldClient.close().catch(() => {}));
  t.equal((await call(oldClient, 'add_todo', { queue: 'q' })).isError, false, 'the old credential works');

  const [newEp] = await db.sql`select switchboard.vend_endpoint(${owner}::uuid, 'fleet') as doc`;
  const newClient = await httpClient(server.url, newEp.doc.credential);
  t.teardown(() => newClient.close());
  // The new credential works at once, alongside the old, and keeps working through the revocation.
  let running = true;
  const outcomes: string[] = [];
  const loop = (async () => {
    while (running) {
      const added = await call(newClient, 'add_todo', { queue: 'q' });
      const claimed = await call(newClient, 'claim_next', { queue: 'q' });
      const done = claimed.isError ? claimed : await call(newClient, 'complete', { todo_id: claimed.doc.id });
      outcomes.push(added.isError || claimed.isError || done.isError ? 'failed' : 'ok');
    }
  })();
  await new Promise((r) => setTimeout(r, 200));
  t.equal((await call(oldClient, 'list_todos', {})).isError, false, 'both credentials work during the overlap');
  const [rev] = await db.sql`select switchboard.revoke_endpoint(${owner}::uuid, ${oldEp.doc.endpoint_id}::uuid) as doc`;
  t.ok(rev.doc.revoked_at, 'the old endpoint is revoked');
  const after = await call(oldClient, 'list_todos', {}).then(
    () => 'answered',
    (e: Error) => e.message,
  );
  t.match(after, /401|Unauthorized/, 'the old credential is refused on its very next request, open session or not');
  await new Promise((r) => setTimeout(r, 200));
  running = false;
  await loop;
  t.ok(outcomes.length >= 3, `${outcomes.length} rounds on the new credential`);
  t.same(outcomes.filter((x) => x !== 'ok'), [], 'not one call on the new credential failed');
  const res = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${oldEp.doc.credential}` },
    body: '{}',
  });
  t.equal(res.status, 401);
});
