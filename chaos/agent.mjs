// One chaos agent: a real MCP client over Streamable HTTP that claims, heartbeats, completes, fails and releases,
// some of its claims fenced, some of them stalled past the lease and then reported late (a stale worker).
// Every step goes to an append-only journal (one JSON line, written before the next call) that the orchestrator
// checks against the database; lease tokens go to a separate file the secrets scan reads, never to the journal.
import { appendFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const env = process.env;
const URL_ = `${env.CHAOS_SERVER}/mcp`;
const CREDENTIAL = env.CHAOS_CREDENTIAL;
const AGENT = env.CHAOS_AGENT;
const JOURNAL = env.CHAOS_JOURNAL;
const TOKENS = env.CHAOS_TOKENS;
const LEASE = Number(env.CHAOS_LEASE ?? 3);
const STALL_MS = Number(env.CHAOS_STALL_MS ?? 6000);
const QUEUES = (env.CHAOS_QUEUES ?? 'alpha').split(',');
const CALL_TIMEOUT_MS = 20_000;

// A seeded generator per agent, so a run's decisions can be replayed from CHAOS_SEED.
let s = Number(env.CHAOS_AGENT_SEED ?? 1) >>> 0;
const rnd = () => {
  s = (s + 0x6d2b79f5) >>> 0;
  let x = Math.imul(s ^ (s >>> 15), 1 | s);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (rec) => appendFileSync(JOURNAL, `${JSON.stringify({ t: Date.now(), agent: AGENT, ...rec })}\n`);

let client = null;
async function connect() {
  for (;;) {
    try {
      const transport = new StreamableHTTPClientTransport(new URL(URL_), {
        requestInit: { headers: { Authorization: `Bearer ${CREDENTIAL}` } },
      });
      const c = new Client({ name: 'chaos-agent', version: '1.0.0' });
      await c.connect(transport, { timeout: CALL_TIMEOUT_MS });
      await c.listTools(undefined, { timeout: CALL_TIMEOUT_MS });
      return c;
    } catch (err) {
      log({ op: 'connect', error: 'transport', message: String(err?.message ?? err).slice(0, 200) });
      await sleep(300);
    }
  }
}

const callOnce = (name, args) => client.callTool({ name, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS });

/** One tool call: {doc} on success, {error, message} on a tool error, {error: 'transport'|'hang'} otherwise. */
async function call(name, args) {
  if (!client) client = await connect();
  const started = Date.now();
  try {
    const res = await callOnce(name, args);
    const doc = res.structuredContent ?? {};
    if (res.isError) return { error: doc.error, message: doc.message, ms: Date.now() - started };
    return { doc, ms: Date.now() - started };
  } catch (err) {
    const hang = err?.code === -32001 && /timed out/i.test(String(err?.message));
    // The server is down or the call hung: a new client on the next call.
    const old = client;
    client = null;
    old?.close().catch(() => {});
    return { error: hang ? 'hang' : 'transport', message: String(err?.message ?? err).slice(0, 200), ms: Date.now() - started };
  }
}

async function report(op, todo, seq, token, fenced, stale) {
  const args = { todo_id: todo };
  if (token) args.lease_token = token;
  if (op !== 'release') args.result = { by: AGENT, seq };
  args.summary = `${op} by ${AGENT} (seq ${seq})`;
  if (rnd() < 0.3) args.artifact = `mcp://cairn/${AGENT}-${seq}`;
  const r = await call(op, args);
  log({ op, todo, seq, fenced, stale, ok: !r.error, error: r.error, message: r.error ? r.message : undefined, ms: r.ms });
  return r;
}

async function main() {
  process.on('SIGTERM', () => process.exit(0));
  for (;;) {
    const fenced = rnd() < Number(env.CHAOS_FENCE_SHARE ?? 0.4);
    const args = { claimant: AGENT, lease_seconds: LEASE };
    if (fenced) args.require_fence = true;
    if (rnd() < 0.5) args.queue = QUEUES[Math.floor(rnd() * QUEUES.length)];
    const c = await call('claim_next', args);
    if (c.error) {
      log({ op: 'claim_next', ok: false, error: c.error, message: c.message, ms: c.ms });
      await sleep(200);
      continue;
    }
    if (c.doc.empty) {
      await sleep(50 + rnd() * 150);
      continue;
    }
    const todo = c.doc.id;
    const seq = c.doc.attempt_seq;
    const token = c.doc.lease_token;
    if (token) appendFileSync(TOKENS, `${token}\n`);
    log({ op: 'claim', todo, seq, fenced, ok: true, prior: c.doc.prior_attempts?.length ?? 0, ms: c.ms });
    if (rnd() < 0.02) {
      const g = await call('get_todo', { todo_id: todo });
      log({ op: 'get_todo', todo, ok: !g.error, error: g.error, read: g.doc ? JSON.stringify(g.doc) : undefined });
    }

    if (rnd() < Number(env.CHAOS_STALL_SHARE ?? 0.06)) {
      // A stale worker: stops heartbeating, sleeps past lease + reap, then reports as if nothing happened.
      log({ op: 'stall', todo, seq, fenced });
      await sleep(STALL_MS);
      await report(rnd() < 0.8 ? 'complete' : 'fail', todo, seq, token, fenced, true);
      continue;
    }
    const beats = Math.floor(rnd() * 3);
    let lost = false;
    for (let i = 0; i < beats && !lost; i++) {
      await sleep(LEASE * 120 * (0.5 + rnd()));
      const h = await call('heartbeat', token ? { todo_id: todo, lease_token: token, lease_seconds: LEASE } : { todo_id: todo, lease_seconds: LEASE });
      log({ op: 'heartbeat', todo, seq, fenced, ok: !h.error, error: h.error, message: h.error ? h.message : undefined, ms: h.ms });
      if (h.error === 'conflict' || h.error === 'not_found') lost = true;
    }
    const r = rnd();
    const op = r < 0.7 ? 'complete' : r < 0.9 ? 'fail' : 'release';
    await report(op, todo, seq, token, fenced, false);
  }
}

main().catch((err) => {
  log({ op: 'crash', message: String(err?.stack ?? err).slice(0, 500) });
  process.exit(3);
});
