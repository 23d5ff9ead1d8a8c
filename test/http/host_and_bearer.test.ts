// What the door reads before anything else: the bearer token of the Authorization header (RFC 6750; the scheme is
// case-insensitive, RFC 7235 §2.1) and, for a server bound to loopback, the Host names it answers (DNS-rebinding
// protection): the loopback names, the address it is bound to (an IPv6 one in brackets, as a Host carries it) and the
// public URL's host. A server bound beyond loopback has no Host check.
import type { IncomingMessage, ServerResponse } from 'node:http';
import t from 'tap';
import { bearerToken } from '../../src/http/bearer.js';
import { hostCheck } from '../../src/http/host-check.js';

const req = (authorization?: string) => ({ headers: authorization === undefined ? {} : { authorization } }) as IncomingMessage;

t.test('the bearer token: any case of the scheme, spaces around it; anything else is none', async (t) => {
  t.equal(bearerToken(req('Bearer sbk_abc')), 'sbk_abc');
  t.equal(bearerToken(req('bearer sbk_abc')), 'sbk_abc', 'a lower-case scheme');
  t.equal(bearerToken(req('BEARER sbk_abc')), 'sbk_abc', 'an upper-case scheme');
  t.equal(bearerToken(req('Bearer   sbk_abc  ')), 'sbk_abc', 'spaces after the scheme and after the token');
  t.equal(bearerToken(req('Bearer\tsbk_abc')), 'sbk_abc', 'a tab after the scheme');
  t.equal(bearerToken(req()), null, 'no header');
  t.equal(bearerToken(req('Basic c2JrX2FiYw==')), null, 'another scheme');
  t.equal(bearerToken(req('Bearer')), null, 'no token');
  t.equal(bearerToken(req('Bearer ')), null, 'an empty token');
  t.equal(bearerToken(req('Bearer sbk_a sbk_b')), null, 'two tokens');
  t.equal(bearerToken(req('XBearer sbk_abc')), null, 'a scheme that only ends in Bearer');
  t.equal(bearerToken(req('Bearersbk_abc')), null, 'no space after the scheme');
});

/** The status the Host check answers for a Host header (200: passed on). */
function hostStatus(check: NonNullable<ReturnType<typeof hostCheck>>, host: string): number {
  let status = 200;
  const res = {
    writeHead(s: number) {
      status = s;
      return this;
    },
    end() {
      return this;
    },
  } as unknown as ServerResponse;
  return check({ headers: { host } } as IncomingMessage, res) ? 200 : status;
}

t.test('a server bound to 127.0.0.1 answers the loopback names and refuses any other Host', async (t) => {
  const check = hostCheck('127.0.0.1', null);
  if (!check) throw new Error('no Host check on loopback');
  for (const host of ['127.0.0.1:8080', 'localhost:8080', 'LOCALHOST', '[::1]:8080']) t.equal(hostStatus(check, host), 200, host);
  for (const host of ['evil.example', 'evil.example:8080', '127.0.0.2:8080', '0.0.0.0', 'localhost.evil.example']) {
    t.equal(hostStatus(check, host), 403, host);
  }
});

t.test('the address it is bound to, an IPv6 one in brackets, and the public URL host are answered too', async (t) => {
  const v6 = hostCheck('::1', null);
  const bracketed = hostCheck('[::1]', null);
  const other = hostCheck('127.0.0.2', null);
  const upper = hostCheck('LocalHost', null);
  const published = hostCheck('127.0.0.1', 'switchboard.example');
  if (!v6 || !bracketed || !other || !upper || !published) throw new Error('no Host check on loopback');
  t.equal(hostStatus(v6, '[::1]:8080'), 200, 'bound to ::1');
  t.equal(hostStatus(bracketed, '[::1]:8080'), 200, 'bound to [::1]');
  t.equal(hostStatus(other, '127.0.0.2:8080'), 200, 'bound to 127.0.0.2');
  t.equal(hostStatus(other, '127.0.0.3:8080'), 403, 'not another loopback address');
  for (const host of ['127.0.0.1', 'localhost', '[::1]']) t.equal(hostStatus(other, host), 200, `and the loopback name ${host}`);
  t.equal(hostStatus(upper, 'localhost'), 200, 'bound to LocalHost');
  t.equal(hostStatus(published, 'switchboard.example'), 200, 'the public URL host');
  t.equal(hostStatus(published, 'evil.example'), 403, 'and no other');
  t.equal(hostStatus(v6, 'switchboard.example'), 403, 'a public host only when one is configured');
});

t.test('a server bound beyond loopback has no Host check', async (t) => {
  t.equal(hostCheck('0.0.0.0', null), null);
  t.equal(hostCheck('192.0.2.10', 'switchboard.example'), null);
  t.equal(hostCheck('::', null), null);
});
