// Fuzzes every MCP tool through a real SDK client (which listed the tools, so it validates every result against
// the output schema) over the in-memory transport, against the real server code: every answer is a success or
// one of the four error kinds, never internal, and a rejected call leaves the ledger digest unchanged.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { createLedger } from '../../src/ledger.js';
import { createLogger } from '../../src/log.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { toolArgs } from './arbitraries.js';
import { makeWorld, RUNS, SEED } from './world.js';

const KINDS = new Set(['not_found', 'conflict', 'invalid', 'forbidden']);
const isRecord = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x);

t.test('every MCP tool answers hostile input with one of the four kinds and changes nothing when it refuses', async (t) => {
  const w = await makeWorld(t);
  const log = createLogger({ level: 'silent' });
  // A valid wait_seconds (60, the most a call may ask) waits at most a second here, not the 50 s it may in production.
  const ctx = { sql: w.db.sql, ledger: createLedger(w.db.sql), log, config: loadConfig({ SWITCHBOARD_MAX_WAIT_SECONDS: '1' }) };
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer({ ...ctx, endpoint: w.endpoint, credential: w.endpoint.credential });
  await server.connect(serverSide);
  const client = new Client({ name: 'fuzzer', version: '1.0.0' });
  await client.connect(clientSide);
  t.teardown(() => client.close());
  const listed = (await client.listTools()).tools.map((x) => x.name).sort();
  const arbs = toolArgs(w);
  t.same(listed, Object.keys(arbs).sort(), 'the fuzzer covers every listed tool');
  t.comment(`fuzz seed ${SEED}, ${RUNS} cases per tool (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} to reproduce)`);

  const probe = await w.guard();
  t.equal(await probe.unchanged(), true, 'the ledger guard sees no change when there was none');
  await w.db.sql`select switchboard.add_owner('fuzz-probe')`;
  t.equal(await probe.unchanged(), false, 'the ledger guard sees a committed change');

  const totals: Record<string, Record<string, number>> = {};
  for (const tool of listed) {
    const seen: Record<string, number> = {};
    totals[tool] = seen;
    const ledger = await w.guard();
    let n = 0;
    const outcome = await fc.check(
      fc.asyncProperty(arbs[tool], async (args) => {
        if (++n % 200 === 0) {
          await w.replenish();
          await ledger.reset();
        }
        let res: CallToolResult;
        try {
          res = (await client.callTool({ name: tool, arguments: args as Record<string, unknown> })) as CallToolResult;
        } catch (err) {
          // Arguments that are not an object break the MCP protocol itself: the SDK answers JSON-RPC -32602
          // (invalid params) before any tool runs. That is the protocol's `invalid`; anything else is a bug.
          const protocolInvalid = err instanceof McpError && err.code === ErrorCode.InvalidParams && !isRecord(args);
          if (!protocolInvalid) throw new Error(`${tool}: the client threw ${(err as Error).message.slice(0, 300)}`);
          res = { isError: true, content: [], structuredContent: { error: 'invalid' } };
        }
        if (res.isError) {
          const kind = String((res.structuredContent as { error?: unknown })?.error);
          seen[kind] = (seen[kind] ?? 0) + 1;
          if (!KINDS.has(kind)) throw new Error(`${tool}: answered ${kind}: ${JSON.stringify(res.structuredContent).slice(0, 300)}`);
          if (!(await ledger.unchanged())) throw new Error(`${tool}: a rejected call (${kind}) changed the ledger`);
        } else {
          seen.ok = (seen.ok ?? 0) + 1;
          await ledger.reset();
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    if (outcome.failed) {
      t.fail(`${tool}: ${String((outcome.errorInstance as Error)?.message ?? outcome.errorInstance)}`, {
        seed: outcome.seed,
        path: outcome.counterexamplePath,
        counterexample: JSON.stringify(outcome.counterexample)?.slice(0, 500),
      });
    } else {
      t.pass(`${tool}: ${outcome.numRuns} cases, ${JSON.stringify(seen)}`);
    }
  }
  t.comment(`outcomes: ${JSON.stringify(totals)}`);
});
