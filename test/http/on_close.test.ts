// What the front door gives back when a request ends rides on one 'close' listener per response (src/http/on-close.ts):
// each hook runs once, in the order registered, whether the request was answered or its client went away first.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { onClose } from '../../src/http/on-close.js';

type Tap = Test;

async function server(t: Tap, handle: Parameters<typeof createServer>[1]) {
  const s = createServer(handle);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => s.close(() => r())));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/`;
}

t.test('an answered response runs each hook once, in order, with one close listener', async (t) => {
  const ran: string[] = [];
  let listeners = -1;
  let closed!: () => void;
  const done = new Promise<void>((r) => (closed = r));
  const url = await server(t, (_req, res) => {
    const before = res.listenerCount('close');
    onClose(res, () => ran.push('address'));
    onClose(res, () => ran.push('body'));
    onClose(res, () => {
      ran.push('gate');
      closed();
    });
    listeners = res.listenerCount('close') - before;
    res.end('ok');
  });
  t.equal(await (await fetch(url)).text(), 'ok');
  await done;
  await new Promise((r) => setTimeout(r, 50));
  t.same(ran, ['address', 'body', 'gate'], 'every hook, once, in the order registered');
  t.equal(listeners, 1, 'three hooks, one listener');
});

t.test('a client that goes away before its answer runs the hooks too', async (t) => {
  const ran: string[] = [];
  let closed!: () => void;
  const done = new Promise<void>((r) => (closed = r));
  let arrived!: () => void;
  const here = new Promise<void>((r) => (arrived = r));
  const url = await server(t, (_req, res) => {
    onClose(res, () => ran.push('first'));
    onClose(res, () => {
      ran.push(`second, finished ${res.writableFinished}`);
      closed();
    });
    arrived();
  });
  const req = request(url);
  req.on('error', () => {});
  req.end();
  await here;
  req.destroy();
  await done;
  t.same(ran, ['first', 'second, finished false'], 'both hooks ran on the hang-up, the answer never sent');
});
