// A credential the database refuses is answered HTTP 401 with WWW-Authenticate: Bearer error="invalid_token" on its
// very next request, on /mcp and /a2a alike, whichever check found it: the door's (its cache forgot the credential on
// the revocation's notice, or never knew it) or the verb's own statement (the door still remembered it). A verb the
// endpoint was not vended stays an ordinary forbidden answer, not a 401.
import t from 'tap';
import { a2aFixture } from '../a2a/helpers.js';

const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
};

type Answer = { status: number; auth: string | null; body: any };

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, auth: res.headers.get('www-authenticate'), body };
}

const INVALID_TOKEN = /^Bearer realm="switchboard", error="invalid_token"$/;

async function setup(t: Tap) {
  const f = await a2aFixture(t);
  let id = 0;
  const mcp = async (credential: string, name: string, args: Record<string, unknown> = {}) =>
    answer(
      await fetch(`${f.server.url}/mcp`, {
        method: 'POST',
        headers: { ...MCP_HEADERS, authorization: `Bearer ${credential}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name, arguments: args } }),
      }),
    );
  const a2a = async (credential: string) => {
    const r = await f.rpc(credential, { jsonrpc: '2.0', id: ++id, method: 'ListTasks', params: {} });
    return { status: r.status, auth: r.headers.get('www-authenticate'), body: r.body } as Answer;
  };
  return { f, mcp, a2a };
}
type Tap = { teardown(fn: () => unknown): void };

t.test('revoke, then call: 401 with invalid_token on the very next request, 100 rounds on /mcp and on /a2a', async (t) => {
  const { f, mcp, a2a } = await setup(t);
  const failures: string[] = [];
  for (let round = 0; round < 100; round++) {
    for (const [surface, send] of [
      ['mcp', (c: string) => mcp(c, 'list_todos')],
      ['a2a', a2a],
    ] as const) {
      const ep = await f.endpoint(`${surface}-${round}`);
      const before = await send(ep.credential);
      if (before.status !== 200) failures.push(`${surface} round ${round}: before the revocation ${before.status}`);
      await f.db.sql`select switchboard.revoke_endpoint(${ep.owner_id}::uuid, ${ep.endpoint_id}::uuid)`;
      const after = await send(ep.credential);
      if (after.status !== 401 || !INVALID_TOKEN.test(after.auth ?? '')) {
        failures.push(`${surface} round ${round}: ${after.status} ${after.auth} ${JSON.stringify(after.body).slice(0, 200)}`);
      }
    }
  }
  t.same(failures, [], 'every round: 200 before, 401 with invalid_token at once after');
});

t.test('the verb\'s own statement refusing the credential (no notice reached the door) is 401, and so is the next request', async (t) => {
  const { f, mcp, a2a } = await setup(t);
  for (const [surface, send] of [
    ['mcp', (c: string) => mcp(c, 'list_todos')],
    ['a2a', a2a],
  ] as const) {
    const ep = await f.endpoint(`quiet-${surface}`);
    t.equal((await send(ep.credential)).status, 200, `${surface}: the credential works, and the door remembers it`);
    // Revoked without revoke_endpoint's notice: the door's cache still holds the credential, so only the verb's
    // statement can find out.
    await f.db.sql`update switchboard.endpoints set revoked_at = now() where id = ${ep.endpoint_id}::uuid`;
    const after = await send(ep.credential);
    t.equal(after.status, 401, `${surface}: refused by the verb's statement: 401`);
    t.match(after.auth, INVALID_TOKEN, `${surface}: WWW-Authenticate: Bearer error="invalid_token"`);
    t.notMatch(JSON.stringify(after.body), /"result"/, `${surface}: no result in the body`);
    const next = await send(ep.credential);
    t.equal(next.status, 401, `${surface}: the next request is refused by the door, which forgot the credential`);
    t.match(next.auth, INVALID_TOKEN);
    if (surface === 'a2a') t.equal(next.body.error.code, -32000, 'a2a: the door\'s 401 is -32000, never -32001 (A2A\'s TaskNotFound)');
  }
});

t.test('a verb the endpoint was not vended is an ordinary forbidden answer, not a 401', async (t) => {
  const { f, mcp, a2a } = await setup(t);
  const reader = await f.endpoint('reader', ['list_todos']);
  const r = await mcp(reader.credential, 'add_todo', { queue: 'q' });
  t.equal(r.status, 200, 'mcp: the POST is answered 200');
  t.equal(r.body.result.isError, true, 'with a tool error');
  t.equal(r.body.result.structuredContent.error, 'forbidden');
  t.match(r.body.result.structuredContent.message, /not vended the verb add_todo/);
  t.equal(r.auth, null, 'and no WWW-Authenticate');
  t.equal((await mcp(reader.credential, 'list_todos')).status, 200, 'the credential still works');
  const sender = await f.endpoint('no-list', ['add_todo']);
  const l = await a2a(sender.credential);
  t.equal(l.status, 200, 'a2a: ListTasks without list_todos is answered 200');
  t.match(l.body.error.message, /^forbidden: this endpoint was not vended the verb list_todos/, 'with the forbidden error');
  t.equal(l.auth, null, 'and no WWW-Authenticate');
});
