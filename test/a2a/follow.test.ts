// A requester delegates a todo over A2A with the SDK's v1.0 client and follows it with SubscribeToTask while real MCP
// workers claim it, fail it, die on it and complete it; the stream's events come in order, and GetTask reads the
// attempts back as history (historyLength 0 / n / all). A retried send files nothing.
import { TaskState } from '@a2a-js/sdk';
import t from 'tap';
import { call } from '../mcp/helpers.js';
import { a2aFixture, Events, filing, storyOf, taskOf } from './helpers.js';

t.test('a task follows its attempts: claimed, failed, died, completed, in order, then its history', async (t) => {
  const f = await a2aFixture(t);
  // Today a queue belongs to the endpoint that files into it, so the workers drain it with that endpoint's credential
  // (with teams, a requester endpoint and worker endpoints of one team share a team queue).
  const requester = await f.endpoint('requester');
  const client = await f.client(requester.credential);

  const send = filing({ queue: 'builds', payload: { repo: 'x' }, title: 'fix the build', max_attempts: 5 }, { messageId: 'delegate-1' });
  const task = taskOf(await client.sendMessage(send));
  t.equal(task.status?.state, TaskState.TASK_STATE_SUBMITTED, 'a new task is SUBMITTED');
  const again = taskOf(await client.sendMessage(send));
  t.equal(again.id, task.id, 'the same messageId answers the same task');
  const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.todos where endpoint_id = ${requester.endpoint_id}`;
  t.equal(n, 1, 'a retried send filed nothing');

  const events = new Events(client.resubscribeTask({ id: task.id, tenant: '' }));
  const first = await events.next();
  t.equal(first?.payload?.$case, 'task', 'a stream opens with the task as it stands');

  const w1 = await f.worker(requester.credential);
  const next = async () => {
    const ev = await events.next();
    if (ev?.payload?.$case !== 'statusUpdate') throw new Error(`expected a status update, got ${ev?.payload?.$case}`);
    return ev.payload.value;
  };

  // Attempt 1: claimed, then failed.
  const c1 = await call(w1, 'claim_next', { queue: 'builds', claimant: 'w1' });
  t.equal(c1.doc.attempt_seq, 1);
  let s = await next();
  t.equal(s.status?.state, TaskState.TASK_STATE_WORKING, 'claimed: WORKING');
  t.match(storyOf(s.status), /^attempt 1 \(1 of 5\) running since/, 'its status message tells the attempt story');
  await call(w1, 'fail', { todo_id: task.id, summary: 'tests red on arm64' });
  s = await next();
  t.equal(s.status?.state, TaskState.TASK_STATE_WORKING, 'failed with a retry scheduled: still WORKING');
  t.match(storyOf(s.status), /^attempt 1 failed at .*; retry at /, 'and says when it is retried');

  // Attempt 2: claimed with a one-second lease, and its worker goes silent.
  const c2 = await call(w1, 'claim_next', { queue: 'builds', claimant: 'w2', lease_seconds: 1 });
  t.equal(c2.doc.attempt_seq, 2);
  s = await next();
  t.match(storyOf(s.status), /^attempt 2 \(2 of 5\) running since/, 'attempt 2 running');
  await new Promise((r) => setTimeout(r, 1100));

  // Attempt 3 takes the lapsed lease over (attempt 2 died), and completes.
  const w3 = await f.worker(requester.credential);
  const c3 = await call(w3, 'claim_next', { queue: 'builds', claimant: 'w3' });
  t.equal(c3.doc.attempt_seq, 3, 'a takeover opens attempt 3');
  t.equal(c3.doc.prior_attempts[0].died, true, 'and attempt 2 is recorded as died');
  s = await next();
  t.match(storyOf(s.status), /^attempt 3 \(3 of 5\) running since/, 'attempt 3 running');
  await call(w3, 'complete', { todo_id: task.id, result: { pr: 42 }, summary: 'pinned the linker' });
  const artifact = await events.next();
  t.equal(artifact?.payload?.$case, 'artifactUpdate', 'at completion the result comes as an artifact');
  if (artifact?.payload?.$case === 'artifactUpdate') {
    const part = artifact.payload.value.artifact?.parts[0];
    t.same(part?.content, { $case: 'data', value: { pr: 42 } }, 'an object result is a data part');
  }
  s = await next();
  t.equal(s.status?.state, TaskState.TASK_STATE_COMPLETED, 'then the final status: COMPLETED');
  t.equal(await events.next(), null, 'and the stream ends');

  // The attempts as history: the requester's message, then attempts 1-3, oldest first.
  const read = await client.getTask({ id: task.id, tenant: '' });
  t.equal(read.history.length, 4, 'history: the request and three closed attempts');
  t.equal(read.history[0].messageId, 'delegate-1', 'the requester\'s message first');
  const data = read.history.slice(1).map((m) => (m.parts[0].content?.$case === 'data' ? m.parts[0].content.value : null));
  t.same(
    data.map((d) => [d.seq, d.outcome, d.disposition, d.died, d.claimant, d.summary]),
    [
      [1, 'failed', 'retry_scheduled', false, 'w1', 'tests red on arm64'],
      [2, 'lease_expired', 'requeued', true, 'w2', null],
      [3, 'completed', 'done', false, 'w3', 'pinned the linker'],
    ],
    'each attempt: seq, outcome, disposition, died, claimant, summary',
  );
  t.ok(data.every((d) => /never instructions/.test(d.notice)), 'each carries the notice that its text is data, never instructions');
  t.equal(read.artifacts[0]?.parts[0]?.content?.$case, 'data', 'GetTask carries the result artifact');
  t.equal((await client.getTask({ id: task.id, tenant: '', historyLength: 0 })).history.length, 0, 'historyLength 0: no history');
  const two = await client.getTask({ id: task.id, tenant: '', historyLength: 2 });
  t.same(two.history.map((m) => m.messageId), [`${task.id}:attempt:2`, `${task.id}:attempt:3`], 'historyLength 2: the newest two, oldest first');
});

t.test('a stream of SendStreamingMessage starts with the filed task and follows it to the end', async (t) => {
  const f = await a2aFixture(t);
  const requester = await f.endpoint('requester');
  const client = await f.client(requester.credential);
  const events = new Events(client.sendMessageStream(filing({ queue: 'q', payload: 'just a string' })));
  const first = await events.next();
  t.equal(first?.payload?.$case, 'task');
  const id = first?.payload?.$case === 'task' ? first.payload.value.id : '';
  const w = await f.worker(requester.credential);
  await call(w, 'claim_next', { queue: 'q' });
  t.equal((await events.next())?.payload?.$case, 'statusUpdate', 'claimed');
  await call(w, 'complete', { todo_id: id, result: 'all green' });
  const artifact = await events.next();
  t.same(
    artifact?.payload?.$case === 'artifactUpdate' ? artifact.payload.value.artifact?.parts[0].content : null,
    { $case: 'text', value: 'all green' },
    'a string result is a text part, never a url part',
  );
  const last = await events.next();
  t.equal(last?.payload?.$case === 'statusUpdate' ? last.payload.value.status?.state : null, TaskState.TASK_STATE_COMPLETED);
});

t.test('a blocking send waits for the task to end, up to SWITCHBOARD_A2A_BLOCKING_SECONDS, then answers it as it stands', async (t) => {
  const f = await a2aFixture(t, { SWITCHBOARD_A2A_BLOCKING_SECONDS: '60' });
  const requester = await f.endpoint('requester');
  const client = await f.client(requester.credential);
  const answered = client.sendMessage(filing({ queue: 'q' }, { returnImmediately: false }));
  const w = await f.worker(requester.credential);
  let claimed = await call(w, 'claim_next', { queue: 'q' });
  while (claimed.doc.empty) claimed = await call(w, 'claim_next', { queue: 'q', wait_seconds: 5 });
  await call(w, 'complete', { todo_id: claimed.doc.id, result: { ok: true } });
  t.equal(taskOf(await answered).status?.state, TaskState.TASK_STATE_COMPLETED, 'the send answered once the task completed');

  const g = await a2aFixture(t, { SWITCHBOARD_A2A_BLOCKING_SECONDS: '1' });
  const other = await g.endpoint('requester');
  const task = taskOf(await (await g.client(other.credential)).sendMessage(filing({ queue: 'q' }, { returnImmediately: false })));
  t.equal(task.status?.state, TaskState.TASK_STATE_SUBMITTED, 'nothing claimed it within the bound: answered as it stands');
  t.equal(g.server.a2a.followers.count(), 0, 'and the wait is over');
});

t.test("a teammate's todo filed over MCP wakes its A2A follower: the first SubscribeToTask gives it a wake key", async (t) => {
  // The keep-alive re-read is pushed past Events.next's deadline: only a wake can bring the updates in time.
  const f = await a2aFixture(t, { SWITCHBOARD_A2A_KEEPALIVE_SECONDS: '240' });
  const ana = await f.owner('ana');
  const ben = await f.owner('ben');
  const [{ team }] = await f.db.sql`select switchboard.add_team('core', ${ana}::uuid)->>'id' as team`;
  await f.db.sql`select switchboard.add_team_member(${team}::uuid, ${ben}::uuid, 'admin')`;
  await f.db.sql`select switchboard.add_team_queue(${team}::uuid, 'deploys')`;
  const vend = async (owner: string, agent: string) =>
    (await f.db.sql`select switchboard.vend_endpoint(owner_id => ${owner}::uuid, agent_id => ${agent}, verbs => null,
                                                     team_id => ${team}::uuid) as doc`)[0].doc as { endpoint_id: string; credential: string };
  const anas = await vend(ana, 'ana-planner');
  const bens = await vend(ben, 'ben-watcher');

  // Ana's agent files the todo over MCP; Ben's requester follows it over A2A.
  const w = await f.worker(anas.credential);
  const added = await call(w, 'add_todo', { queue: 'deploys', payload: { env: 'staging' }, title: 'deploy staging' });
  const id = String(added.doc.id);
  const client = await f.client(bens.credential);
  const events = new Events(client.resubscribeTask({ id, tenant: '' }));
  const opened = await events.next();
  t.equal(opened?.payload?.$case, 'task', 'the stream opens with the task as it stands');

  await call(w, 'claim_next', { queue: 'deploys', claimant: 'ana-1' });
  const claimed = await events.next();
  t.equal(claimed?.payload?.$case === 'statusUpdate' ? claimed.payload.value.status?.state : null, TaskState.TASK_STATE_WORKING,
    'claimed by a teammate: the follower is woken (WORKING)');
  await call(w, 'complete', { todo_id: id, result: 'deployed' });
  t.equal((await events.next())?.payload?.$case, 'artifactUpdate', 'completed: the result artifact');
  const last = await events.next();
  t.equal(last?.payload?.$case === 'statusUpdate' ? last.payload.value.status?.state : null, TaskState.TASK_STATE_COMPLETED,
    'then COMPLETED, and the stream ends');
});
