// Inputs the fuzzer found answering internal, pinned: each now answers as the caller's fault.
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import t from 'tap';
import { call, fixture } from '../mcp/helpers.js';

t.test('a run_at whose year or offset Postgres cannot hold is invalid, not internal (SQLSTATE 22009)', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('reg'), 'a1');
  const client = await f.memoryClient(ep);
  for (const run_at of ['-255393-11-26T05:08:53.772Z', '+275760-09-13T00:00:00.000Z']) {
    const r = await call(client, 'add_todo', { queue: 'builds', run_at });
    t.equal(r.isError, true, run_at);
    t.equal(r.doc.error, 'invalid', `${run_at} answers invalid`);
  }
  const [{ n }] = await f.db.sql`select count(*)::int as n from switchboard.todos`;
  t.equal(n, 0, 'no todo was added');
});

t.test('tools/call with arguments that are not an object is JSON-RPC invalid params, not internal error', async (t) => {
  const f = await fixture(t);
  const ep = await f.vend(await f.owner('reg'), 'a1');
  const client = await f.memoryClient(ep);
  for (const args of [7, 'builds', [1, 2]]) {
    const err = await client.callTool({ name: 'add_todo', arguments: args as never }).then(
      () => null,
      (e: unknown) => e,
    );
    t.ok(err instanceof McpError, `${JSON.stringify(args)} is refused`);
    t.equal((err as McpError).code, ErrorCode.InvalidParams, `${JSON.stringify(args)}: -32602, not -32603`);
  }
});
