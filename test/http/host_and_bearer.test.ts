// What the door reads before anything else: the bearer token of the Authorization header (RFC 6750; the scheme is
// case-insensitive, RFC 7235 §2.1) and, for a server bound to loopback, the Host names it answers (DNS-rebinding
// protection): the loopback names, the address it is bound to (an IPv6 one in brackets, as a Host carries it) and the
// public URL's host, each in any spelling of it (0:0:0:0:0:0:0:1 is ::1, ::ffff:7f00:2 is 127.0.0.2). A server bound
// beyond loopback has no Host check.
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

t.test('every spelling of a loopback address is a loopback bind: a foreign Host is refused, the loopback answered', async (t) => {
  const spellings = [
    '::ffff:7f00:2',
    '[::ffff:7f00:2]',
    '0:0:0:0:0:ffff:127.0.0.2',
    '::ffff:127.0.0.2',
    '0:0:0:0:0:0:0:1',
    '[0000:0000:0000:0000:0000:0000:0000:0001]',
    '::FFFF:7F00:1',
  ];
  for (const bind of spellings) {
    const check = hostCheck(bind, null);
    if (!check) {
      t.fail(`bound to ${bind}: no Host check`);
      continue;
    }
    for (const host of ['evil.example', 'evil.example:8080', '127.0.0.3:8080', '[::ffff:127.0.0.3]', '[::2]']) {
      t.equal(hostStatus(check, host), 403, `bound to ${bind}, Host ${host}`);
    }
    for (const host of ['127.0.0.1:8080', 'localhost', '[::1]:8080', '[0:0:0:0:0:0:0:1]', '[::ffff:127.0.0.1]:8080', '[::ffff:7f00:1]']) {
      t.equal(hostStatus(check, host), 200, `bound to ${bind}, Host ${host}`);
    }
  }
});

t.test('a bind answers its own address in every spelling of it, and no other address', async (t) => {
  const mapped = hostCheck('::ffff:7f00:2', null);
  const dotted = hostCheck('127.0.0.2', null);
  if (!mapped || !dotted) throw new Error('no Host check on loopback');
  for (const check of [mapped, dotted]) {
    for (const host of ['127.0.0.2:8080', '[::ffff:127.0.0.2]', '[::ffff:7f00:2]:8080', '[0:0:0:0:0:ffff:7f00:2]']) {
      t.equal(hostStatus(check, host), 200, host);
    }
    t.equal(hostStatus(check, '[::ffff:7f00:3]'), 403, 'another mapped loopback address');
  }
  const published = hostCheck('::ffff:127.0.0.1', 'Switchboard.Example');
  if (!published) throw new Error('no Host check on loopback');
  t.equal(hostStatus(published, 'switchboard.example'), 200, 'the public URL host, in any case');
});

t.test('an IPv4-mapped address beyond loopback, or a string that only contains a loopback address, has no Host check', async (t) => {
  for (const bind of ['::ffff:0.0.0.0', '::ffff:c000:20a', '0:0:0:0:0:ffff:192.0.2.10', '0:0:0:0:0:0:0:0', '::2', 'evil@127.0.0.1', '127.0.0.1.evil.example']) {
    t.equal(hostCheck(bind, null), null, bind);
  }
});
