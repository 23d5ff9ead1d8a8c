// HTTP hygiene of a real server: a connection cap, a deadline for a request's headers, the Board behind TLS
// (SWITCHBOARD_PUBLIC_URL or a trusted proxy's X-Forwarded-Proto: Secure cookie, the https origin, HSTS), a
// malformed session cookie treated as signed out, and artifact links that show where they go.
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import t, { type Test } from 'tap';
import { mountBoard } from '../../src/board/mount.js';
import { createLoginUrl } from '../../src/board/router.js';
import { loadConfig } from '../../src/config.js';
import { type RunningServer, startServer } from '../../src/server.js';
import { type Fixture, fixture } from '../mcp/helpers.js';

type Tap = Test;

async function serve(t: Tap, f: Fixture, env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer({ config: loadConfig(env), sql: f.ctx.sql, log: f.ctx.log, host: '127.0.0.1', port: 0, mount: [mountBoard] });
  t.teardown(() => server.stop(500));
  return server;
}

/** A raw connection to the server; resolves once connected. */
function open(server: RunningServer): Promise<Socket & { ended: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const s = connect(server.port, '127.0.0.1') as Socket & { ended: Promise<string> };
    let data = '';
    s.on('data', (d) => (data += d));
    s.ended = new Promise((r) => s.on('close', () => r(data)));
    s.once('connect', () => resolve(s));
    s.once('error', reject);
  });
}

interface Answer {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** One request through node:http, which (unlike fetch) sends the Host header it is given. */
function send(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: {
            get: (name) => {
              const v = res.headers[name.toLowerCase()];
              return v === undefined ? null : Array.isArray(v) ? v.join(', ') : String(v);
            },
          },
          text: async () => body,
        }),
      );
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** A sign-in POST for a fresh login token, with these extra headers; the raw answer (no redirect followed). */
async function signIn(f: Fixture, server: RunningServer, headers: Record<string, string>) {
  const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.owners where handle = 'alice'`;
  if (n === 0) await f.owner('alice');
  // The sign-in link names the account (as=<handle>); the confirm page's form posts both back.
  const link = new URL(await createLoginUrl(f.ctx.sql, 'alice', server.url)).searchParams;
  return send(`${server.url}/board/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ token: link.get('token')!, as: link.get('as')! }).toString(),
  });
}

t.test('a half-sent request is dropped after SWITCHBOARD_HEADERS_TIMEOUT', async (t) => {
  const f = await fixture(t);
  const server = await serve(t, f, { SWITCHBOARD_HEADERS_TIMEOUT: '1' });
  const s = await open(server);
  s.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
  const answer = await s.ended;
  t.match(answer, /^HTTP\/1\.1 408/, 'answered 408 Request Timeout and closed');
  t.equal((await fetch(`${server.url}/healthz`)).status, 200, 'the server still answers others');
});

t.test('beyond SWITCHBOARD_MAX_CONNECTIONS a new connection is closed at once; freed slots are reused', async (t) => {
  const f = await fixture(t);
  const server = await serve(t, f, { SWITCHBOARD_MAX_CONNECTIONS: '3', SWITCHBOARD_HEADERS_TIMEOUT: '300' });
  const held = await Promise.all([1, 2, 3].map(() => open(server)));
  for (const s of held) s.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  await new Promise<void>((resolve) => {
    const check = () => server.http.getConnections((_e, n) => (n >= 3 ? resolve() : setTimeout(check, 20)));
    check();
  });
  const extra = await open(server);
  extra.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  t.equal(await extra.ended, '', 'the fourth connection is closed without an answer');
  for (const s of held) s.destroy();
  await Promise.all(held.map((s) => s.ended));
  await new Promise<void>((resolve) => {
    const check = () => server.http.getConnections((_e, n) => (n === 0 ? resolve() : setTimeout(check, 20)));
    check();
  });
  t.equal((await fetch(`${server.url}/healthz`)).status, 200, 'once they go, a new client is served');
});

t.test('a malformed session cookie is a signed-out visitor (401 sign-in page), never a 500', async (t) => {
  const f = await fixture(t);
  const server = await serve(t, f, {});
  for (const cookie of ['%E0%A4%A', '%00secret', 'x'.repeat(4000), '%', '"unterminated', '=;=;=']) {
    const res = await fetch(`${server.url}/board`, { headers: { cookie: `sb_board_session=${cookie}` } });
    t.equal(res.status, 401, `cookie ${JSON.stringify(cookie.slice(0, 20))}: 401`);
    t.match(await res.text(), /Sign in/i);
    const post = await fetch(`${server.url}/board/logout`, {
      method: 'POST',
      headers: { cookie: `sb_board_session=${cookie}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'csrf=x',
      redirect: 'manual',
    });
    t.ok(post.status === 401 || post.status === 403, `the same cookie on a POST: ${post.status}, not 500`);
  }
});

t.test('SWITCHBOARD_PUBLIC_URL=https://...: the https origin signs in, the cookie is Secure, HSTS is sent', async (t) => {
  const f = await fixture(t);
  const server = await serve(t, f, { SWITCHBOARD_PUBLIC_URL: 'https://board.example' });
  const ok = await signIn(f, server, { origin: 'https://board.example', host: 'board.example' });
  t.equal(ok.status, 303, 'signed in from https://board.example (Host board.example passes the loopback check)');
  t.match(ok.headers.get('set-cookie'), /; Secure/i, 'the cookie is Secure');
  t.equal(ok.headers.get('strict-transport-security'), 'max-age=31536000', 'HSTS');
  const plain = await signIn(f, server, { origin: server.url });
  t.equal(plain.status, 403, 'the http origin is not the public one: 403');
  t.equal((await fetch(`${server.url}/healthz`)).headers.get('strict-transport-security'), 'max-age=31536000', 'HSTS on every answer');
  const evil = await send(`${server.url}/healthz`, { headers: { host: 'evil.example' } });
  t.equal(evil.status, 403, 'another Host is still refused on a loopback listener');
});

t.test('SWITCHBOARD_TRUST_PROXY=true honours X-Forwarded-Proto: https; without it the https origin is refused', async (t) => {
  const f = await fixture(t);
  const trusting = await serve(t, f, { SWITCHBOARD_TRUST_PROXY: 'true' });
  const httpsOrigin = trusting.url.replace('http:', 'https:');
  const ok = await signIn(f, trusting, { origin: httpsOrigin, 'x-forwarded-proto': 'https' });
  t.equal(ok.status, 303, 'signed in from the https origin the proxy reports');
  t.match(ok.headers.get('set-cookie'), /; Secure/i, 'the cookie is Secure');
  t.equal(ok.headers.get('strict-transport-security'), 'max-age=31536000', 'HSTS');
  const plain = await signIn(f, trusting, { origin: trusting.url });
  t.equal(plain.status, 303, 'plain http still signs in from the http origin');
  t.notMatch(plain.headers.get('set-cookie'), /Secure/i, 'without Secure');
  t.equal(plain.headers.get('strict-transport-security'), null, 'and without HSTS');

  const strict = await serve(t, f, {});
  const refused = await signIn(f, strict, { origin: strict.url.replace('http:', 'https:'), 'x-forwarded-proto': 'https' });
  t.equal(refused.status, 403, 'an untrusted X-Forwarded-Proto is ignored');
});

t.test('an artifact link on the Board shows its host beside it', async (t) => {
  const f = await fixture(t);
  const server = await serve(t, f, {});
  const ownerId = await f.owner('alice');
  const ep = await f.vend(ownerId, 'bot');
  const [{ id }] = await f.db.sql`select switchboard.add_todo(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'builds'::text)->>'id' as id`;
  await f.db.sql`select switchboard.claim(endpoint_id => ${ep.endpoint_id}::uuid, todo_id => ${id}::uuid)`;
  await f.db.sql`select switchboard.complete(endpoint_id => ${ep.endpoint_id}::uuid, todo_id => ${id}::uuid,
                   artifact => 'https://xn--pypal-4ve.example/runs/7'::text)`;
  const signed = await signIn(f, server, { origin: server.url });
  const cookie = signed.headers.get('set-cookie')!.split(';')[0];
  const page = await (await fetch(`${server.url}/board/todos/${id}`, { headers: { cookie } })).text();
  t.match(page, /<span class="muted link-host">\(goes to xn--pypal-4ve\.example\)<\/span>/, 'the host, as punycode, beside the link');
});
