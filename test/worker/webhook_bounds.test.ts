// Webhook deliveries are bounded: a sink's reply is discarded and capped, the whole delivery has a deadline that
// fails it (so graphile-worker retries it), and loopback or private targets are refused unless allowed, checked
// on the resolved address at delivery time. The sinks are real HTTP servers on 127.0.0.1.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { createLogger } from '../../src/log.js';
import { isNonPublicAddress, postJson, WebhookError } from '../../src/notify/webhook.js';
import { startWorker } from '../../src/worker/index.js';
import { freshDatabase } from '../helpers/db.js';
import { until } from './helpers.js';

type Tap = Test;

interface Sink {
  url: string;
  /** Requests that reached the sink. */
  hits: number;
  /** Reply bytes the sink managed to hand to the socket. */
  written: number;
  /** Sockets the client closed on the sink. */
  closedByClient: number;
}

async function sink(t: Tap, answer: (req: IncomingMessage, res: ServerResponse, s: Sink) => void): Promise<Sink> {
  const s: Sink = { url: '', hits: 0, written: 0, closedByClient: 0 };
  const server: Server = createServer((req, res) => {
    s.hits++;
    req.resume();
    req.on('end', () => answer(req, res, s));
    res.on('close', () => {
      if (!res.writableEnded) s.closedByClient++;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  s.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook?secret=s3cr3t`;
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return s;
}

/** A 200 whose body never ends: 64 KiB chunks as fast as the client reads them. */
const endless = (_req: IncomingMessage, res: ServerResponse, s: Sink) => {
  res.writeHead(200, { 'content-type': 'application/octet-stream' });
  const chunk = Buffer.alloc(65536, 120);
  const pump = () => {
    while (!res.destroyed) {
      s.written += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
  };
  pump();
};

/** Headers at once, then one byte every 50 ms, for ever. */
const drip = (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write('.')), 50);
  res.on('close', () => clearInterval(timer));
};

const opts = { timeoutMs: 1500, event: 'test', deliveryId: 'test:1', allowPrivate: true };

async function rejection(p: Promise<unknown>): Promise<WebhookError> {
  try {
    await p;
  } catch (e) {
    return e as WebhookError;
  }
  throw new Error('the delivery succeeded');
}

t.test('a 200 with a small body is delivered', async (t) => {
  const s = await sink(t, (_req, res) => res.end('ok'));
  t.equal(await postJson(s.url, { hello: 'world' }, opts), 200);
  t.equal(s.hits, 1);
});

t.test('an endless reply fails the delivery, and is not read past the bound', async (t) => {
  const s = await sink(t, endless);
  const before = process.memoryUsage().rss;
  const e = await rejection(postJson(s.url, {}, { ...opts, timeoutMs: 30_000, maxReplyBytes: 4096 }));
  t.ok(e instanceof WebhookError, 'a WebhookError');
  t.match(e.message, /longer than 4096 bytes/, 'says the reply was too long');
  t.notMatch(e.message, /s3cr3t|127\.0\.0\.1/, 'names neither the URL nor the address');
  await until(async () => s.closedByClient === 1, 'the sink to see its connection closed');
  // What the sink could write is what the sockets buffer before the client stopped reading: bounded, not endless.
  t.ok(s.written < 32 * 1024 * 1024, `the sink wrote ${s.written} bytes before the client hung up`);
  t.ok(process.memoryUsage().rss - before < 256 * 1024 * 1024, 'this process did not take in the endless reply');
});

t.test('an endless reply with a large bound still fails at the deadline', async (t) => {
  const s = await sink(t, drip);
  const e = await rejection(postJson(s.url, {}, { ...opts, maxReplyBytes: 1024 * 1024 }));
  t.match(e.message, /no complete answer within 1500 ms/, 'the total deadline fails it, though bytes keep arriving');
  await until(async () => s.closedByClient === 1, 'the sink to see its connection closed');
});

t.test('a sink that never answers fails at the deadline', async (t) => {
  const s = await sink(t, () => {});
  const e = await rejection(postJson(s.url, {}, opts));
  t.match(e.message, /no complete answer within 1500 ms/);
});

t.test('a non-2xx answer fails, with its status', async (t) => {
  const s = await sink(t, (_req, res) => {
    res.writeHead(503);
    res.end('later');
  });
  const e = await rejection(postJson(s.url, {}, opts));
  t.equal(e.status, 503);
});

t.test('loopback and private targets are refused unless allowed, after DNS resolution', async (t) => {
  const s = await sink(t, (_req, res) => res.end('ok'));
  const port = new URL(s.url).port;
  for (const url of [s.url, `http://localhost:${port}/hook`, `http://[::ffff:127.0.0.1]:${port}/hook`, `http://[::1]:${port}/`]) {
    const e = await rejection(postJson(url, {}, { ...opts, allowPrivate: false }));
    t.match(e.message, /^refused: .*SWITCHBOARD_WEBHOOK_ALLOW_PRIVATE=true/, `${url.replace(/\?.*/, '')} refused`);
  }
  t.equal(s.hits, 0, 'no refused delivery reached the sink');
  t.equal(await postJson(`http://localhost:${port}/hook`, {}, opts), 200, 'allowed, a name resolving to loopback is delivered');
});

t.test('which addresses count as not public', async (t) => {
  const blocked = [
    '127.0.0.1', '127.9.9.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1',
    '0.0.0.0', '255.255.255.255', '224.0.0.1', '::', '::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '::127.0.0.1',
  ];
  for (const a of blocked) t.ok(isNonPublicAddress(a), `${a} is not public`);
  for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
    t.notOk(isNonPublicAddress(a), `${a} is public`);
  }
});

t.test('IPv6 transition addresses count as not public: NAT64, 6to4 and Teredo carry an IPv4 address the IPv4 rules never see', async (t) => {
  const blocked = [
    '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
    '64:ff9b::a00:1', // NAT64 of 10.0.0.1
    '64:ff9b::808:808', // NAT64 of a public address: the whole prefix is refused
    '64:ff9b:1::a9fe:a9fe', // local-use NAT64 of 169.254.169.254
    '2002:7f00:1::1', // 6to4 of 127.0.0.1
    '2002:c0a8:101::1', // 6to4 of 192.168.1.1
    '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
    '2001::1',
  ];
  for (const a of blocked) t.ok(isNonPublicAddress(a), `${a} is not public`);
  for (const a of ['64:ff9c::1', '2003::1', '2001:1::1', '2001:4860:4860::8888']) t.notOk(isNonPublicAddress(a), `${a} is public`);
});

t.test('the worker fails (and keeps for retry) a doorbell delivery to an endless sink; a refused one too', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const s = await sink(t, endless);
  await db.sql`insert into switchboard.settings (key, value) values ('webhook_allow_http', 'true')
               on conflict (key) do update set value = excluded.value`;
  const [{ owner }] = await db.sql`select switchboard.add_owner('alice')->>'owner_id' as owner`;
  const [{ ep }] = await db.sql`select switchboard.vend_endpoint(${owner}::uuid, 'hooked')->>'endpoint_id' as ep`;
  await db.sql`select switchboard.set_endpoint_doorbell_url(owner_id => ${owner}::uuid, endpoint_id => ${ep}::uuid, url => ${s.url}::text)`;
  await db.sql`select switchboard.add_todo(endpoint_id => ${ep}::uuid, queue => 'builds'::text)`;

  const log = createLogger({ level: 'silent' });
  const worker = await startWorker({ databaseUrl: db.url, logger: log, reapIntervalSeconds: 1, notifyTimeoutSeconds: 5, webhookAllowPrivate: true });
  const job = () =>
    until(async () => {
      const [r] = await db.sql`select attempts, last_error from graphile_worker.jobs where task_identifier = 'switchboard_doorbell_webhook'`;
      return r && r.attempts >= 1 && r.last_error ? r : null;
    }, 'the delivery to fail');
  const failed = await job();
  t.match(failed.last_error, /longer than 65536 bytes/, 'failed for its endless reply, and kept for a retry');
  await worker.stop();

  // Without the allowance the same target is refused at delivery time, though the URL was accepted when set.
  await db.sql`delete from graphile_worker._private_jobs j using graphile_worker._private_tasks k
                where k.id = j.task_id and k.identifier = 'switchboard_doorbell_webhook'`;
  await db.sql`select switchboard.add_todo(endpoint_id => ${ep}::uuid, queue => 'docs'::text)`;
  const hits = s.hits;
  const strict = await startWorker({ databaseUrl: db.url, logger: log, reapIntervalSeconds: 1, notifyTimeoutSeconds: 5 });
  t.teardown(() => strict.stop());
  const refused = await job();
  t.match(refused.last_error, /^refused: /, 'refused, and kept for a retry');
  t.equal(s.hits, hits, 'the refused delivery never reached the sink');
});
