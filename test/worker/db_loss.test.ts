// The worker outlives its database going away: every backend terminated (a restart or failover as the worker sees
// it), then a read-only database (25006, a demoted primary), and it reaps again and graphile-worker reconnects.
import * as http from 'node:http';
import * as net from 'node:net';
import t from 'tap';
import { primaryPgPool } from '../../src/db.js';
import { toCallerError } from '../../src/errors.js';
import { startWorker } from '../../src/worker/index.js';
import { call, fixture } from '../mcp/helpers.js';
import { until } from './helpers.js';

t.test('25006, the 57P0x family and dropped connections answer unavailable, not internal', async (t) => {
  for (const code of ['25006', '57P01', '57P02', '57P03', '08006', 'CONNECTION_CLOSED', 'ECONNREFUSED']) {
    t.equal(toCallerError(Object.assign(new Error('x'), { code })).kind, 'unavailable', code);
  }
  t.equal(toCallerError(Object.assign(new Error('x'), { code: 'XX000' })).kind, 'internal', 'anything else stays internal');
});

t.test('a worker whose backends are terminated, then refused writes, keeps running and reaps once the database is back', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'builder');
  const agent = await f.memoryClient(ep);
  const worker = await startWorker({ databaseUrl: f.db.url, logger: f.ctx.log, reapIntervalSeconds: 1 });
  t.teardown(() => worker.stop());
  const kill = () => f.db.sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
                                where datname = current_database() and pid <> pg_backend_pid()
                                  and application_name like 'switchboard-%worker'`;
  await until(async () => (await kill())[0].n > 0, "the worker's connections to be there and terminated");

  // A demoted primary: every write refused with 25006 until it is writable again.
  await f.db.sql.unsafe(`alter database ${f.db.name} set default_transaction_read_only = on`);
  await kill();
  await until(async () => f.logLines().some((l) => /sweep failed/.test(String(l.msg))), 'a sweep to fail on the read-only database');
  // The marks of its job lockers fail too (on their own timer, every 5 s), and say so with the database's error.
  const refused = (l: Record<string, unknown>) => /job lockers failed/.test(String(l.msg)) && (l.err as { code?: string })?.code === '25006';
  const marks = await until(async () => f.logLines().find(refused), "the lockers' marks to be refused");
  t.match(marks, { level: 40 }, 'a warning with the refusal');
  await f.db.sql.unsafe(`alter database ${f.db.name} reset default_transaction_read_only`);
  await kill();

  const added = await call(agent, 'add_todo', { queue: 'builds', title: 'build arm64' });
  await call(agent, 'claim_next', { queue: 'builds', claimant: 'run-1', lease_seconds: 1 });
  const attempt = await until(async () => {
    const [a] = await f.db.sql`select outcome from switchboard.todo_attempts where todo_id = ${added.doc.id}::uuid and ended_at is not null`;
    return a;
  }, 'the reaper to close the lapsed attempt after the faults');
  t.same(attempt, { outcome: 'reaped' }, 'the same worker reaped it: it survived the faults');
  await until(async () => {
    const [{ n }] = await f.db.sql`select count(*)::int as n from pg_stat_activity
                                    where datname = current_database() and application_name = 'switchboard-graphile-worker'`;
    return n > 0;
  }, 'graphile-worker to connect again');
  t.pass('graphile-worker is connected again');
});

t.test("graphile-worker finds the pool's error handlers: a worker starts without its warning", async (t) => {
  const f = await fixture(t);
  const warned: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warned.push(args.map(String).join(' '));
  t.teardown(() => {
    console.warn = warn;
  });
  const worker = await startWorker({ databaseUrl: f.db.url, logger: f.ctx.log, reapIntervalSeconds: 1 });
  t.teardown(() => worker.stop());
  await until(async () => {
    const [{ n }] = await f.db.sql`select count(*)::int as n from pg_stat_activity
                                    where datname = current_database() and application_name = 'switchboard-graphile-worker'`;
    return n > 0;
  }, 'graphile-worker to connect');
  t.same(warned.filter((w) => /error handlers/.test(w)), [], 'no "error handlers" warning');
});

// pg_terminate_backend or a shutdown right after a connection's start-up: the server's ReadyForQuery and its FATAL
// arrive in one read. A fake server sends exactly that, every time, so the window between the two is deterministic.
t.test("graphile-worker's pool survives a FATAL read in the same chunk as a new connection's ReadyForQuery", async (t) => {
  const msg = (type: string, body: Buffer) => {
    const head = Buffer.alloc(5);
    head.write(type, 0, 'latin1');
    head.writeInt32BE(body.length + 4, 1);
    return Buffer.concat([head, body]);
  };
  const fatal = msg('E', Buffer.from('SFATAL\0VFATAL\0C57P01\0Mterminating connection due to administrator command\0\0', 'latin1'));
  const server = net.createServer((socket) => {
    socket.once('data', () => {
      // AuthenticationOk, ReadyForQuery (idle), then the FATAL: one write, one chunk.
      socket.end(Buffer.concat([msg('R', Buffer.from([0, 0, 0, 0])), msg('Z', Buffer.from('I')), fatal]));
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.address() as net.AddressInfo).port;
  const errors: Error[] = [];
  const pool = primaryPgPool(`postgres://postgres@127.0.0.1:${port}/x`, { max: 1, role: null, applicationName: 'sb-test' }, (e) => errors.push(e));
  t.teardown(() => pool.end());
  const client = await pool.connect();
  await until(async () => errors.length > 0, 'the error to reach the handler');
  t.match(errors[0], { code: '57P01' }, "the FATAL reaches the pool's handler, not the process");
  client.release(true);
});

// graphile-worker does not await a job's completion or failure unless it batches them: a completion refused by the
// database (a restart, a demoted primary) was an unhandled rejection, and Node ended the whole process (serve too).
t.test('a webhook job finishing as the database turns read-only leaves the process running, and the runner starts again', async (t) => {
  const f = await fixture(t);
  await f.db.sql`insert into switchboard.settings (key, value) values ('webhook_allow_http', 'true')
                 on conflict (key) do update set value = excluded.value`;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const posts: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', async () => {
      posts.push(body);
      if (posts.length === 1) await held;
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    release();
    server.closeAllConnections();
    server.close();
  });
  const owner = await f.owner('alice');
  const ep = await f.vend(owner, 'hooked');
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/bell`;
  await f.db.sql`select switchboard.set_endpoint_doorbell_url(owner_id => ${owner}::uuid, endpoint_id => ${ep.endpoint_id}::uuid, url => ${url}::text)`;
  const worker = await startWorker({
    databaseUrl: f.db.url, logger: f.ctx.log, reapIntervalSeconds: 1, webhookAllowPrivate: true, notifyTimeoutSeconds: 1,
  });
  t.teardown(() => worker.stop());
  t.teardown(() => f.db.sql.unsafe(`alter database ${f.db.name} reset default_transaction_read_only`));

  await f.db.sql`select switchboard.add_todo(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'builds'::text)`;
  await until(async () => posts.length === 1, 'the doorbell POST to be under way');
  // The database turns read-only under the running job: its connections end, and new ones may not write.
  await f.db.sql.unsafe(`alter database ${f.db.name} set default_transaction_read_only = on`);
  await f.db.sql`select pg_terminate_backend(pid) from pg_stat_activity
                  where datname = current_database() and pid <> pg_backend_pid() and application_name like 'switchboard-%worker'`;
  release();
  await until(async () => f.logLines().some((l) => /^Failed to (complete|fail) jobs/.test(String(l.msg))),
    "graphile-worker to shut its pool down on the refused completion");
  await f.db.sql.unsafe(`alter database ${f.db.name} reset default_transaction_read_only`);
  await until(async () => f.logLines().some((l) => l.msg === 'graphile-worker restarted'), 'a runner to start again');
  await f.db.sql`select switchboard.add_todo(endpoint_id => ${ep.endpoint_id}::uuid, queue => 'docs'::text)`;
  await until(async () => posts.some((p) => p.includes('"docs"')), 'the next doorbell to be delivered');
  t.pass('the process kept running and the new runner delivers');

  // The first job's end was never recorded (its delivery row still counts the ring): it stays locked by the stopped
  // runner's worker only until the sweep unlocks it (the POST timeout plus slack, 6 s here), not for graphile-worker's
  // 4-hour lock timeout, and then it is delivered again (at least once).
  await until(async () => posts.filter((p) => p.includes('"builds"')).length === 2, "the first doorbell's job to run again");
  t.ok(f.logLines().some((l) => l.job === 'unlock_workers' && Number(l.workers) >= 1), "the sweep logs the stopped runner's workers it unlocked");
  await until(async () => {
    const [r] = await f.db.sql`select count(*)::int as n from graphile_worker._private_jobs where locked_by is not null
                               or exists (select 1 from switchboard.deliveries d where d.endpoint_id = ${ep.endpoint_id}::uuid)`;
    return r.n === 0;
  }, 'no job left locked and both deliveries recorded');
});
