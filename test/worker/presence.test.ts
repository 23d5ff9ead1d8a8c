// Presence (ADR-0027) through real clients, a real server and its worker: an agent that clocks out over MCP gets no
// doorbell when its retry is re-queued (its webhook sink receives nothing, its long poll is not woken), while its
// claims still open attempts; clocked back in, it is rung for the work waiting, and the next re-queued retry rings
// both again.
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { doorbellFor } from '../../src/doorbell.js';
import { createLogger } from '../../src/log.js';
import { startServer } from '../../src/server.js';
import { startWorker } from '../../src/worker/index.js';
import { freshDatabase } from '../helpers/db.js';
import { call, httpClient } from '../mcp/helpers.js';
import { until, webhookSink } from './helpers.js';

t.test('clocked out: no webhook post and no wake on a re-queued retry, claims still open attempts; clocked in: both resume', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const sink = await webhookSink();
  t.teardown(() => sink.close());
  for (const [key, value] of [['webhook_allow_http', 'true'], ['retry_backoff_base_seconds', '1'], ['retry_backoff_max_seconds', '1']]) {
    await db.sql`insert into switchboard.settings (key, value) values (${key}, ${value}) on conflict (key) do update set value = excluded.value`;
  }
  const vend = async (handle: string) => {
    const [{ doc: o }] = await db.sql`select switchboard.add_owner(${handle}) as doc`;
    const [{ doc }] = await db.sql`select switchboard.vend_endpoint(${o.owner_id}::uuid, 'bot') as doc`;
    return { ...(doc as { endpoint_id: string; credential: string }), owner_id: o.owner_id as string };
  };
  const a = await vend('alice');
  const sentinel = await vend('sentinel');
  await db.sql`select switchboard.set_endpoint_doorbell_url(${a.owner_id}::uuid, ${a.endpoint_id}::uuid, ${sink.url}::text)`;

  const log = createLogger({ level: 'silent' });
  const server = await startServer({ config: loadConfig({ DATABASE_URL: db.url }), log, port: 0 });
  t.teardown(() => server.stop(1000));
  const worker = await startWorker({ databaseUrl: db.url, logger: log, reapIntervalSeconds: 1, webhookAllowPrivate: true });
  t.teardown(() => worker.stop());
  const agent = await httpClient(server.url, a.credential);
  const watcher = await httpClient(server.url, sentinel.credential);
  t.teardown(() => Promise.all([agent.close(), watcher.close()]));
  const bell = await doorbellFor(server.ctx.sql);
  const state = async (id: string) => (await db.sql`select state from switchboard.todos where id = ${id}::uuid`)[0].state as string;
  const skipped = async () => Number((await db.sql`select switchboard.metrics()->>'doorbells_skipped' as n`)[0].n);
  /** Every ring committed before it has reached the server: the sentinel's own later ring wakes its long poll. */
  const flushRings = async () => {
    const before = bell.waiting;
    const wait = call(watcher, 'claim_next', { queue: 'canary', wait_seconds: 50 });
    await until(async () => bell.waiting === before + 1, "the sentinel's long poll");
    const [{ id }] = await db.sql`select switchboard.add_todo(endpoint_id => ${sentinel.endpoint_id}::uuid, queue => 'canary'::text)->>'id' as id`;
    t.equal((await wait).doc.id, id, 'the sentinel ring came through');
  };

  // The agent clocks itself out.
  const out = await call(agent, 'clock_out', {});
  t.match(out.doc, { clocked_in: false, changed: true }, 'clock_out over MCP');

  // Its todo fails; the retry is due within a second, and the worker re-queues it.
  const todo = (await call(agent, 'add_todo', { queue: 'builds' })).doc.id as string;
  t.equal((await call(agent, 'claim', { todo_id: todo })).doc.attempt_seq, 1, 'clocked out, a claim opens attempt 1');
  t.equal((await call(agent, 'fail', { todo_id: todo, summary: 'flaky' })).doc.state, 'failed');
  let settled = false;
  const waiting = call(agent, 'claim_next', { queue: 'builds', wait_seconds: 50 });
  void waiting.then(() => (settled = true));
  await until(async () => bell.waiting === 1, "the agent's long poll");
  await until(async () => (await state(todo)) === 'pending', 'the worker to re-queue the retry');
  await flushRings();
  t.equal(settled, false, 'the re-queued retry did not wake the clocked-out long poll');
  t.equal(await state(todo), 'pending', 'which claimed nothing');
  t.equal(sink.received.length, 0, 'and the webhook sink received nothing');
  t.ok((await skipped()) >= 2, `the add and the re-queue were counted as doorbells skipped (${await skipped()})`);
  const [{ n: queued }] = await db.sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'switchboard_doorbell_webhook'`;
  t.equal(queued, 0, 'no webhook job was queued for it');

  // Its claims are history, never gated: a claim by id still opens an attempt.
  const other = (await call(agent, 'add_todo', { queue: 'docs' })).doc.id as string;
  t.equal((await call(agent, 'claim', { todo_id: other })).doc.attempt_seq, 1, 'a claim while clocked out opens an attempt');
  await call(agent, 'complete', { todo_id: other });

  // Clocked back in: rung for the work waiting, so the long poll claims the retry and the sink hears of it.
  t.match((await call(agent, 'clock_in', {})).doc, { clocked_in: true, changed: true }, 'clock_in over MCP');
  const woken = (await waiting).doc;
  t.match(woken, { id: todo, attempt_seq: 2 }, 'the long poll was woken and claimed the retry: attempt 2');
  await until(async () => sink.received.length >= 1, 'the webhook doorbell');
  t.same(sink.received[0].body, { event: 'todo_claimable', queue: 'builds' }, 'the sink was rung for builds');

  // And the next re-queued retry rings both again.
  await call(agent, 'fail', { todo_id: todo, summary: 'flaky again' });
  const again = call(agent, 'claim_next', { queue: 'builds', wait_seconds: 50 });
  t.match((await again).doc, { id: todo, attempt_seq: 3 }, 'a re-queued retry wakes a long poll again');
  await until(async () => sink.received.length >= 2, 'a second webhook doorbell');
  t.same(sink.received[1].body, { event: 'todo_claimable', queue: 'builds' }, 'and rings the sink again');
});
