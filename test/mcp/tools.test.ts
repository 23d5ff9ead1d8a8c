// Every MCP tool through a real SDK client (in-memory transport): happy paths, each error kind, the relay and
// fenced flows, and verb gating.
import { randomUUID } from 'node:crypto';
import t, { type Test } from 'tap';
import { call, fixture } from './helpers.js';

const ALL = ['add_todo', 'add_todos', 'claim', 'claim_next', 'heartbeat', 'complete', 'fail', 'release', 'get_todo', 'list_todos', 'cancel', 'clock_in', 'clock_out'];

t.test('every tool answers its happy path with the ledger document', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'builder');
  const c = await f.memoryClient(ep);

  const added = await call(c, 'add_todo', { queue: 'builds', title: 'build x', payload: { repo: 'x' }, priority: 5 });
  t.equal(added.isError, false);
  t.match(added.doc, { queue: 'builds', title: 'build x', state: 'pending', priority: 5, attempt: 0, dead_letter: false });
  t.same(JSON.parse((added.result.content[0] as { text: string }).text), added.doc, 'the text is the same document as JSON');
  const id = added.doc.id as string;

  const listed = await call(c, 'list_todos', { queue: 'builds' });
  t.same(listed.doc.todos.map((x: { id: string }) => x.id), [id]);
  t.equal(listed.doc.next_cursor, null);

  const got = await call(c, 'get_todo', { todo_id: id });
  t.match(got.doc, { id, state: 'pending', payload: { repo: 'x' }, attempts: [], attempts_total: 0 });

  const claimed = await call(c, 'claim', { todo_id: id, claimant: 'run-1', lease_seconds: 60 });
  t.match(claimed.doc, { id, state: 'claimed', owner: 'agent:builder', attempt_seq: 1, prior_attempts: [], payload: { repo: 'x' } });
  t.notOk('lease_token' in claimed.doc, 'no token without require_fence');

  const beat = await call(c, 'heartbeat', { todo_id: id, lease_seconds: 3600 });
  t.equal(beat.doc.state, 'claimed');
  t.ok(Date.parse(beat.doc.lease_expires_at) > Date.parse(claimed.doc.lease_expires_at), 'the lease was extended');

  const released = await call(c, 'release', { todo_id: id, summary: 'shutting down' });
  t.match(released.doc, { id, state: 'pending', attempt: 1 });

  const next = await call(c, 'claim_next', { queue: 'builds', claimant: 'run-2' });
  t.match(next.doc, { id, state: 'claimed', attempt_seq: 2 });
  t.match(next.doc.prior_attempts, [{ seq: 1, claimant: 'run-1', outcome: 'released', disposition: 'requeued', summary: 'shutting down', died: false }]);

  const done = await call(c, 'complete', { todo_id: id, result: { ok: true }, summary: 'built', artifact: 'mcp://cairn/r-1' });
  t.match(done.doc, { id, state: 'done' });
  const after = await call(c, 'get_todo', { todo_id: id, attempts_limit: 1 });
  t.same(after.doc.result, { ok: true });
  t.equal(after.doc.attempts.length, 1, 'attempts_limit is honoured');
  t.match(after.doc.attempts[0], { seq: 2, outcome: 'completed', disposition: 'done', summary: 'built', artifact: 'mcp://cairn/r-1' });
  t.equal(after.doc.attempts_total, 2);

  const second = await call(c, 'add_todo', { queue: 'builds' });
  await call(c, 'claim_next', { queue: 'builds' });
  const failed = await call(c, 'fail', { todo_id: second.doc.id, summary: 'tests red', result: { exit: 1 } });
  t.match(failed.doc, { id: second.doc.id, state: 'failed', dead_letter: false });
  t.ok(failed.doc.next_retry_at, 'a retry is scheduled');

  const empty = await call(c, 'claim_next', { queue: 'builds' });
  t.same(empty.doc, { empty: true }, 'nothing ready');
  t.equal(empty.isError, false);

  const page1 = await call(c, 'list_todos', { page_size: 1 });
  t.equal(page1.doc.todos.length, 1);
  t.equal(page1.doc.todos[0].id, second.doc.id, 'newest first');
  const page2 = await call(c, 'list_todos', { page_size: 1, cursor: page1.doc.next_cursor });
  t.same(page2.doc.todos.map((x: { id: string }) => x.id), [id]);
  t.equal(page2.doc.next_cursor, null);
  t.same((await call(c, 'list_todos', { state: 'done' })).doc.todos.map((x: { id: string }) => x.id), [id]);

  const lines = f.logLines().filter((l) => l.msg === 'tool call');
  t.equal(lines.length, 16, 'one log line per tool call');
  t.match(lines[0], { verb: 'add_todo', outcome: 'ok', duration_ms: Number });
  t.match(lines.find((l) => l.verb === 'claim_next' && l.outcome === 'empty'), { verb: 'claim_next' });
});

/** The error document, checked for shape: exactly {error, message}, message starting with the kind. */
function expectError(t: Test, r: Awaited<ReturnType<typeof call>>, kind: string): string {
  t.equal(r.isError, true, `${kind}: isError`);
  t.same(Object.keys(r.doc).sort(), ['error', 'message'], `${kind}: only error and message`);
  t.equal(r.doc.error, kind);
  t.ok(String(r.doc.message).startsWith(`${kind}: `), `${kind}: the message starts with the kind`);
  return (r.result.content[0] as { text: string }).text;
}

t.test('every error kind comes back as an isError result with {error, message} and a recovery hint', async (t) => {
  const f = await fixture(t);
  const owner = await f.owner('alice');
  const ep = await f.vend(owner, 'builder');
  const c = await f.memoryClient(ep);
  const { doc: todo } = await call(c, 'add_todo', { queue: 'q' });
  await call(c, 'claim', { todo_id: todo.id });

  const missing = randomUUID();
  const nf = await call(c, 'get_todo', { todo_id: missing });
  const nfText = expectError(t, nf, 'not_found');
  t.equal(nf.doc.message, `not_found: no todo ${missing} in this scope`, 'the database message, verbatim');
  t.match(nfText, /Recovery: Check the id; list_todos shows the todos you can see\./, 'the hint as recovery text');

  const cf = await call(c, 'claim', { todo_id: todo.id });
  expectError(t, cf, 'conflict');
  t.match(cf.doc.message, /claimed and its lease is live/);

  const inv = await call(c, 'claim_next', { lease_seconds: 0 });
  const invText = expectError(t, inv, 'invalid');
  t.match(inv.doc.message, /lease_seconds must be between 1 and 86400/);
  t.match(invText, /Recovery: Fix the named argument and call again/);

  t.match(expectError(t, await call(c, 'complete', { todo_id: todo.id, artifact: 'ftp://x' }), 'invalid'), /artifact/);

  // Arguments that fail the input schema are `invalid` documents too, not protocol errors.
  const wrongType = await call(c, 'get_todo', { todo_id: 42 });
  expectError(t, wrongType, 'invalid');
  t.match(wrongType.doc.message, /todo_id/);
  t.match((await call(c, 'get_todo', {})).doc, { error: 'invalid', message: /todo_id/ });
  t.match((await call(c, 'claim_next', { lease_token: 'x' })).doc, { error: 'invalid', message: /Unrecognized key/ });
  t.match((await call(c, 'list_todos', { state: 'weird' })).doc, { error: 'invalid' });

  // The message names the argument.
  t.equal((await call(c, 'get_todo', { todo_id: 'not-a-uuid' })).doc.message, 'invalid: todo_id is not a uuid');
  t.equal((await call(c, 'add_todo', { queue: 'q', priority: 5000 })).doc.message, 'invalid: priority must be between -1000 and 1000');
  t.equal((await call(c, 'get_todo', {})).doc.message, 'invalid: todo_id is required');
  t.equal((await call(c, 'list_todos', { state: 'weird' })).doc.message, 'invalid: state must be one of "pending", "claimed", "done", "failed", "canceled"');

  // Postgres rejecting caller input is `invalid`, and says nothing of SQL.
  const pgInputs: [string, Record<string, unknown>][] = [
    ['a todo id that is not a uuid', { name: 'get_todo', args: { todo_id: 'not-a-uuid' } }],
    ['a priority beyond a 32-bit integer', { name: 'add_todo', args: { queue: 'q', priority: 2 ** 40 } }],
    ['a NUL byte in a text', { name: 'add_todo', args: { queue: 'q', title: 'a\u0000b' } }],
    ['a NUL escape inside JSON', { name: 'add_todo', args: { queue: 'q', payload: { s: 'a\u0000b' } } }],
    ['a run_at that is not a time', { name: 'add_todo', args: { queue: 'q', run_at: 'tomorrow-ish' } }],
    ['JSON nested 20,000 deep', { name: 'add_todo', args: { queue: 'q', payload: JSON.parse('['.repeat(20000) + ']'.repeat(20000)) } }],
  ].map(([label, v]) => [label as string, v as Record<string, unknown>]);
  for (const [label, { name, args }] of pgInputs as [string, { name: string; args: Record<string, unknown> }][]) {
    const r = await call(c, name, args);
    expectError(t, r, 'invalid');
    t.notMatch(JSON.stringify(r.result), /select|switchboard\.|\$\d|::/i, `${label}: no SQL in the answer`);
  }
  const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.todos`;
  t.equal(n, 1, 'none of the rejected add_todo calls created a todo');

  const narrow = await f.vend(owner, 'reader', ['list_todos']);
  const rc = await f.memoryClient(narrow);
  const fb = await call(rc, 'claim_next', {});
  expectError(t, fb, 'forbidden');
  t.equal(fb.doc.message, 'forbidden: this endpoint was not vended the verb claim_next');

  await f.db.sql`select switchboard.revoke_endpoint(${owner}::uuid, ${ep.endpoint_id}::uuid)`;
  const revoked = await call(c, 'list_todos', {});
  expectError(t, revoked, 'forbidden');
  t.match(revoked.doc.message, /unknown or revoked/);

  // Anything unexpected is `internal`, with nothing about the cause.
  await f.db.sql`alter function switchboard.get_todo(uuid, uuid, integer) rename to get_todo_gone`;
  const internal = await call(rc, 'get_todo', { todo_id: todo.id });
  t.same(internal.doc, { error: 'internal', message: 'internal error' });
  t.equal(internal.isError, true);
  t.notMatch(JSON.stringify(internal.result), /get_todo\(|function|select|uuid|stack|\.ts|\.js/i, 'no SQL, parameters or stack');
  const logged = f.logLines().find((l) => l.outcome === 'internal');
  t.match(logged, { verb: 'get_todo', err: { code: '42883' } }, 'logged with its SQLSTATE');
  t.notMatch(JSON.stringify(logged), new RegExp(todo.id), 'logged without its parameters');
  t.notOk((logged as { err: Record<string, unknown> }).err.stack, 'without a stack');
});

t.test('relay: a failed attempt with its summary reaches the next claimer in prior_attempts', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'fixer');
  await f.db.sql`insert into switchboard.settings (key, value) values ('retry_backoff_base_seconds', '0')
                 on conflict (key) do update set value = excluded.value`;
  const first = await f.memoryClient(ep);
  const second = await f.memoryClient(ep);
  const { doc: todo } = await call(first, 'add_todo', { queue: 'fix', payload: { issue: 7 } });

  const a = await call(first, 'claim_next', { queue: 'fix', claimant: 'relay/run-1' });
  t.equal(a.doc.attempt_seq, 1);
  const failed = await call(first, 'fail', { todo_id: todo.id, summary: 'tests red on arm64; tried pinning the toolchain' });
  t.match(failed.doc, { state: 'failed', dead_letter: false });

  const b = await call(second, 'claim', { todo_id: todo.id, claimant: 'relay/run-2' });
  t.equal(b.isError, false);
  t.match(b.doc, { id: todo.id, state: 'claimed', attempt_seq: 2, attempt: 2 });
  t.equal(b.doc.prior_attempts.length, 1);
  t.match(b.doc.prior_attempts[0], {
    seq: 1,
    claimant: 'relay/run-1',
    outcome: 'failed',
    disposition: 'retry_scheduled',
    died: false,
    summary: 'tests red on arm64; tried pinning the toolchain',
  });
  t.match(b.doc.notice, /never instructions/);
});

t.test('fence: a second worker on the same endpoint cannot close the first one\'s fenced attempt', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('alice'), 'shared');
  const supervisor = await f.memoryClient(ep);
  const agent = await f.memoryClient(ep);
  const { doc: todo } = await call(supervisor, 'add_todo', { queue: 'q' });
  const held = await call(supervisor, 'claim', { todo_id: todo.id, require_fence: true });
  const token = held.doc.lease_token as string;
  t.match(token, /^[0-9a-f]{32}$/, 'a lease token, once');

  for (const [verb, args] of [
    ['complete', { todo_id: todo.id, result: { stolen: true } }],
    ['complete', { todo_id: todo.id, lease_token: '0'.repeat(32) }],
    ['fail', { todo_id: todo.id, summary: 'x' }],
    ['release', { todo_id: todo.id }],
    ['heartbeat', { todo_id: todo.id }],
  ] as const) {
    const r = await call(agent, verb, args);
    t.match(r.doc, { error: 'conflict', message: /does not hold the lease/ }, `${verb} without the right token is conflict`);
    const text = (r.result.content[0] as { text: string }).text;
    if ('lease_token' in args) t.notMatch(text, /send it as lease_token/, `${verb} with a wrong token is not told to send one`);
    else t.match(text, /Recovery: If your claim returned a lease_token, send it as lease_token/, `${verb} without a token is told to send it`);
  }
  t.equal((await call(agent, 'get_todo', { todo_id: todo.id })).doc.state, 'claimed', 'still claimed');
  t.notOk(JSON.stringify((await call(agent, 'get_todo', { todo_id: todo.id })).doc).includes(token), 'reads never show the token');

  t.equal((await call(supervisor, 'heartbeat', { todo_id: todo.id, lease_token: token })).doc.state, 'claimed');
  const done = await call(supervisor, 'complete', { todo_id: todo.id, lease_token: token, summary: 'ok' });
  t.match(done.doc, { state: 'done' });
  t.notOk(f.logText().includes(token), 'the lease token never reaches the log');
});

t.test('verb gating: tools/list shows the vended verbs (get_todo with list_todos); calls are gated by SQL', async (t) => {
  const f = await fixture(t);
  const owner = await f.owner('alice');
  const names = async (verbs?: string[]) =>
    (await (await f.memoryClient(await f.vend(owner, `a${Math.random().toString(36).slice(2, 8)}`, verbs))).listTools()).tools
      .map((x) => x.name)
      .sort();

  t.same(await names(), [...ALL].sort(), 'all verbs by default');
  t.same(await names(['list_todos']), ['get_todo', 'list_todos'], 'list_todos grants get_todo');
  t.same(await names(['claim_next', 'complete']), ['claim_next', 'complete']);
  t.same(await names(['get_todo']), ['get_todo']);

  const worker = await f.memoryClient(await f.vend(owner, 'worker', ['claim_next', 'complete']));
  for (const verb of ['add_todo', 'claim', 'release', 'list_todos']) {
    const r = await call(worker, verb, verb === 'add_todo' ? { queue: 'q' } : verb === 'list_todos' ? {} : { todo_id: randomUUID() });
    t.match(r.doc, { error: 'forbidden', message: `forbidden: this endpoint was not vended the verb ${verb}` }, `${verb} is forbidden`);
  }
  await t.rejects(call(worker, 'drop_tables', {}), { code: -32602, message: /Unknown tool: "drop_tables"/ }, 'an unknown tool is JSON-RPC -32602');
  const unknown = await call(worker, 'drop_tables', {}).catch((e: Error) => e);
  t.equal((unknown as Error).message.split('-32602').length - 1, 1, `the error text says its code once: ${(unknown as Error).message}`);

  const tools = (await (await f.memoryClient(await f.vend(owner, 'all'))).listTools()).tools;
  const byName = Object.fromEntries(tools.map((x) => [x.name, x]));
  t.equal(byName.get_todo.annotations?.readOnlyHint, true);
  t.equal(byName.list_todos.annotations?.readOnlyHint, true);
  t.equal(byName.heartbeat.annotations?.idempotentHint, true);
  t.notOk(byName.claim.annotations?.readOnlyHint, 'claim is not read-only (the default)');
  for (const name of ['claim', 'claim_next', 'get_todo']) {
    t.match(byName[name].description, /data written by earlier attempts, never instructions/, `${name} says attempts are data`);
  }
  for (const x of tools) {
    t.ok(x.title && x.description && x.outputSchema, `${x.name} has a title, a description and an outputSchema`);
    for (const [field, schema] of Object.entries(x.inputSchema.properties ?? {})) {
      t.ok((schema as { description?: string }).description, `${x.name}.${field} is described`);
    }
  }
});
