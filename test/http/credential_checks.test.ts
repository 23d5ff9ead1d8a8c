// The door's credential check: unknown credentials are checked in a lane of SWITCHBOARD_HTTP_AUTH_CHECKS with a
// short queue, then 429, while credentials seen valid skip it; a refused one is answered after the delay and a
// missing one at once; a request the database would not check again (tools/list, initialize) is checked afresh, so
// a credential that lapsed without any notice is refused at its next request; and the refusal notice is a hint
// (digests, no ids) that anyone can send and that refuses nothing by itself.
import { createHash } from 'node:crypto';
import { request, type ServerResponse } from 'node:http';
import postgres from 'postgres';
import t from 'tap';
import { heldRefusal } from '../../src/http/authenticate.js';
import { secretDigest } from '../../src/http/bearer.js';
import { call, fixture, holdEndpoints, httpClient } from '../mcp/helpers.js';
import { initialize, post, recordHolds, serve, toolsList } from './helpers.js';

t.test('unknown credentials check in a lane; past its queue, 429; a credential seen valid skips it', async (t) => {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const server = await serve(t, f, {
    SWITCHBOARD_HTTP_AUTH_CHECKS: '1',
    SWITCHBOARD_HTTP_AUTH_QUEUE: '1',
    SWITCHBOARD_HTTP_QUEUE_WAIT_MS: '300',
    SWITCHBOARD_HTTP_REFUSAL_DELAY_MS: '0',
  });
  t.equal((await post(server.url, a.credential, toolsList)).status, 200, 'a is seen valid once');

  const lock = await holdEndpoints(t, f);
  const tries = ['sbk_stranger_1', 'sbk_stranger_2', 'sbk_stranger_3'].map((c) => post(server.url, c, initialize));
  const third = await Promise.race(tries);
  t.equal(third.status, 429, 'one check runs, one waits; the third finds no room within the wait: 429');
  t.match(JSON.parse(third.text), { error: { code: -32000, message: /^throttled: .*SWITCHBOARD_HTTP_AUTH_CHECKS 1, SWITCHBOARD_HTTP_AUTH_QUEUE 1/ } });
  t.equal(await lock.waiting(), 1, 'only one check reached the database');

  const mine = post(server.url, a.credential, toolsList);
  const waiting = async () => {
    for (let i = 0; i < 50; i++) {
      if ((await lock.waiting()) === 2) return 2;
      await new Promise((r) => setTimeout(r, 20));
    }
    return lock.waiting();
  };
  t.equal(await waiting(), 2, "a's fresh check does not queue behind the strangers' lane: it reaches the database beside them");
  await lock.release();
  t.equal((await mine).status, 200, "and a's request is answered");
  const all = await Promise.all(tries);
  t.same(all.map((x) => x.status).sort(), [401, 401, 429], 'the two admitted checks answer 401 once the table is free');
  t.equal(server.door.throttled.credential_checks, 1, 'counted for /metrics under its limit');
});

t.test('a refused credential is answered after SWITCHBOARD_HTTP_REFUSAL_DELAY_MS; a missing one at once, and its connection closed', async (t) => {
  const f = await fixture(t);
  const server = await serve(t, f, { SWITCHBOARD_HTTP_REFUSAL_DELAY_MS: '400' });
  // The holds the door asks for, recorded (the clock of a shared machine proves nothing), then kept as asked.
  const holds = recordHolds(server);
  const refused = await post(server.url, 'sbk_not_a_real_one', initialize);
  t.equal(refused.status, 401, 'an unknown credential: 401');
  t.match(refused.headers.get('www-authenticate'), /^Bearer realm="switchboard", error="invalid_token"$/);
  t.match(JSON.parse(refused.text), { error: { code: -32001, message: /^Unauthorized/ } });
  t.same(holds, [400], 'held for SWITCHBOARD_HTTP_REFUSAL_DELAY_MS first');

  // node:http, to see the Connection header (fetch hides it).
  const missing = await new Promise<{ status: number; connection?: string; auth?: string }>((resolve, reject) => {
    const req = request(`${server.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, auth: res.headers['www-authenticate'] }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(initialize));
  });
  t.equal(missing.status, 401, 'no credential: 401');
  t.match(missing.auth, /^Bearer realm="switchboard"$/, 'with WWW-Authenticate, for a client that discovers how to authenticate');
  t.equal(missing.connection, 'close', 'and the connection is closed rather than kept for the next try');
  t.same(holds, [400], 'answered at once, no hold asked for: a held answer would only keep a connection');
});

t.test('with SWITCHBOARD_HTTP_REFUSAL_DELAY_MS 0 a refused credential is answered at once, without a hold', async (t) => {
  const f = await fixture(t);
  const server = await serve(t, f, { SWITCHBOARD_HTTP_REFUSAL_DELAY_MS: '0' });
  const holds = recordHolds(server);
  const refused = await post(server.url, 'sbk_not_a_real_one', initialize);
  t.equal(refused.status, 401, 'an unknown credential: 401');
  t.same(holds, [], 'no hold asked for');
});

t.test('a held refusal is sent when its delay is over, and not to a client that has gone or was answered', async (t) => {
  const door = (delay: number) => {
    const held: { ms: number; go: () => void }[] = [];
    return { held, config: { SWITCHBOARD_HTTP_REFUSAL_DELAY_MS: delay }, hold: (go: () => void, ms: number) => void held.push({ ms, go }) };
  };
  const res = (state: { destroyed?: boolean; headersSent?: boolean }) => ({ destroyed: false, headersSent: false, ...state }) as ServerResponse;
  let sent = 0;
  const send = () => void sent++;

  const d = door(400);
  heldRefusal(d, res({}), send);
  t.same(d.held.map((h) => h.ms), [400], 'held for the delay');
  t.equal(sent, 0, 'nothing sent before the hold is over');
  d.held[0]!.go();
  t.equal(sent, 1, 'sent when it is over');

  const gone = door(400);
  heldRefusal(gone, res({ destroyed: true }), send);
  gone.held[0]!.go();
  t.equal(sent, 1, 'not sent to a client whose connection closed meanwhile');

  const answered = door(400);
  heldRefusal(answered, res({ headersSent: true }), send);
  answered.held[0]!.go();
  t.equal(sent, 1, 'not sent on a response already answered');

  const none = door(0);
  heldRefusal(none, res({}), send);
  t.same(none.held, [], 'a delay of 0: no hold');
  t.equal(sent, 2, 'sent at once');
  heldRefusal(none, res({ destroyed: true }), send);
  t.equal(sent, 2, 'at once too, not to a client that has gone');
});

t.test('a credential that lapses with no notice is refused at its next request, whatever the cache says', async (t) => {
  const f = await fixture(t);
  const owner = await f.owner('alice');
  const a = await f.vend(owner, 'a');
  const server = await serve(t, f, { SWITCHBOARD_HTTP_REFUSAL_DELAY_MS: '0' });
  const client = await httpClient(server.url, a.credential);
  t.equal((await call(client, 'list_todos')).isError, false, 'the credential works, and the door has it in its cache');
  // Rotated with an overlap of one second: the old credential lapses when the second is over, with no notice.
  await f.db.sql`select switchboard.rotate_credential(${owner}::uuid, ${a.endpoint_id}::uuid, overlap_seconds => 1)`;
  await new Promise((r) => setTimeout(r, 1300));
  t.ok(server.mcp.credentials.holds(secretDigest(a.credential)), 'the cache still holds the old credential');
  await t.rejects(client.listTools(), /401|Unauthorized/, 'tools/list with the lapsed credential: 401 (a fresh check)');
  const again = await post(server.url, a.credential, initialize);
  t.equal(again.status, 401, 'initialize too');
  await client.close().catch(() => {});
});

t.test('the refusal notice names digests only; a forged one refuses and closes nothing, it only drops a cache entry', async (t) => {
  const f = await fixture(t);
  const owner = await f.owner('alice');
  const a = await f.vend(owner, 'a');
  const b = await f.vend(owner, 'b');
  const server = await serve(t, f);
  const listener = postgres(f.db.url, { max: 1, onnotice: () => {} });
  t.teardown(() => listener.end({ timeout: 2 }));
  const heard: string[] = [];
  await listener.listen('switchboard_credentials_refused', (p) => heard.push(p));

  const client = await httpClient(server.url, a.credential);
  t.equal((await call(client, 'list_todos')).isError, false);
  const digest = createHash('sha256').update(a.credential).digest('hex');
  t.ok(server.mcp.credentials.holds(digest), 'the door holds a');

  // Any login of the database may NOTIFY: one with no grants at all sends what a forger would.
  const role = `forger_${Date.now()}`;
  await f.db.sql.unsafe(`create role ${role} login`);
  t.teardown(() => f.db.sql.unsafe(`drop role if exists ${role}`).catch(() => {}));
  const url = new URL(f.db.url);
  url.username = role;
  const forger = postgres(url.toString(), { max: 1, onnotice: () => {} });
  t.teardown(() => forger.end({ timeout: 2 }));
  await forger`select pg_notify('switchboard_credentials_refused', ${a.endpoint_id}::text)`;
  await forger`select pg_notify('switchboard_credentials_refused', ${digest}::text)`;
  for (let i = 0; i < 50 && server.mcp.credentials.holds(digest); i++) await new Promise((r) => setTimeout(r, 20));
  t.notOk(server.mcp.credentials.holds(digest), 'the forged notice dropped the cache entry');
  const after = await call(client, 'list_todos');
  t.equal(after.isError, false, "a's next call is answered: the notice refused nothing, the database was asked again");
  t.ok(server.mcp.credentials.holds(digest), 'and the check put it back');

  heard.length = 0;
  await f.db.sql`select switchboard.revoke_endpoint(${owner}::uuid, ${b.endpoint_id}::uuid)`;
  for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  t.same(heard, [createHash('sha256').update(b.credential).digest('hex')], "a revocation's notice is the digest of the credential it refused");
  t.notOk(heard.join().includes(b.endpoint_id), 'and names no endpoint id');
  await client.close();
});
