// tools/list as strict clients read it: the portability rules of the MCP Inspector's strict schema check (one
// type per schema, no untyped schema, real numeric bounds, uuid ids), output schemas that admit the error
// document, and the size of the whole list: the nine work verbs within 12 KB, each later tool (cancel, clock_in,
// clock_out) within 1 KiB more.
import t from 'tap';
import { fixture } from './helpers.js';

type Schema = Record<string, unknown>;

/** Every portability problem of one schema, as "path: problem". */
function problems(schema: Schema, path: string, input: boolean): string[] {
  const out: string[] = [];
  const walk = (node: Schema, at: string, isArgument: boolean) => {
    if (Array.isArray(node.type)) out.push(`${at}: type is a list (${JSON.stringify(node.type)}); use anyOf`);
    if (node.anyOf) {
      for (const [i, m] of (node.anyOf as Schema[]).entries()) {
        if (typeof m.type !== 'string') out.push(`${at}.anyOf[${i}]: no single type`);
        walk(m, `${at}.anyOf[${i}]`, false);
      }
    } else if (typeof node.type !== 'string') {
      out.push(`${at}: no type`);
    }
    if (isArgument && (node.type === 'integer' || node.type === 'number')) {
      if (typeof node.minimum !== 'number' || typeof node.maximum !== 'number') out.push(`${at}: no minimum/maximum`);
    }
    if (isArgument && /(^|_)id$/.test(at.split('.').pop()!) && node.format !== 'uuid') out.push(`${at}: an id without format uuid`);
    for (const [name, p] of Object.entries((node.properties ?? {}) as Record<string, Schema>)) walk(p, `${at}.${name}`, isArgument && node === schema);
    if (node.items) walk(node.items as Schema, `${at}[]`, false);
    if (typeof node.additionalProperties === 'object') walk(node.additionalProperties as Schema, `${at}{}`, false);
  };
  walk(schema, path, input);
  return out;
}

t.test('tools/list passes the strict portability rules, admits the error document, and is at most 12 KB + 1 KiB a later tool', async (t) => {
  const f = await fixture(t);
  const c = await f.memoryClient(await f.vend(await f.owner('alice'), 'all'));
  const listed = await c.listTools();
  t.equal(listed.tools.length, 12, 'all twelve tools');

  const warnings: string[] = [];
  for (const tool of listed.tools) {
    warnings.push(...problems(tool.inputSchema as Schema, `${tool.name}.input`, true));
    warnings.push(...problems(tool.outputSchema as Schema, `${tool.name}.output`, false));
    const out = tool.outputSchema as Schema;
    t.same(out.required ?? [], [], `${tool.name}: no output field is required, so {error, message} fits`);
    t.not(out.additionalProperties, false, `${tool.name}: the output object is open`);
    const props = out.properties as Record<string, Schema>;
    t.match(props, { error: { type: 'string' }, message: { type: 'string' } }, `${tool.name}: the error document is declared`);
  }
  t.same(warnings, [], '0 portability warnings');

  const byName = Object.fromEntries(listed.tools.map((x) => [x.name, x]));
  t.match(byName.claim.inputSchema.properties?.lease_seconds, { type: 'integer', minimum: 1, maximum: 86400 });
  t.match(byName.add_todo.inputSchema.properties?.payload, { type: 'object' }, 'payload is declared an object');
  t.match(byName.complete.inputSchema.properties?.result, { type: 'object', description: /scalar is accepted/ });
  t.match(byName.get_todo.inputSchema.properties?.todo_id, { type: 'string', format: 'uuid' });
  t.match(byName.complete.inputSchema.properties?.artifact, { description: /mcp:\/\/cairn\/<id> \(an opaque handle/ });

  const bytes = Buffer.byteLength(JSON.stringify(listed));
  const later = ['cancel', 'clock_in', 'clock_out'];
  const size = (names: string[]) => Buffer.byteLength(JSON.stringify({ tools: listed.tools.filter((x) => names.includes(x.name)) }));
  const nine = size(listed.tools.map((x) => x.name).filter((n) => !later.includes(n)));
  t.comment(`tools/list: ${bytes} bytes for twelve tools, ${nine} for the nine work verbs`);
  t.ok(nine <= 12 * 1024, `the nine work verbs take ${nine} bytes, at most 12 KB`);
  for (const name of later) t.ok(size([name]) <= 1024, `${name} adds ${size([name])} bytes, at most 1 KiB`);
  t.ok(bytes <= 12 * 1024 + later.length * 1024, `tools/list is ${bytes} bytes, at most 12 KB + 1 KiB a later tool`);

  const instructions = c.getInstructions() ?? '';
  for (const kind of ['invalid', 'not_found', 'conflict', 'forbidden', 'throttled', 'unavailable', 'internal']) {
    t.match(instructions, new RegExp(`\\b${kind} - `), `the instructions say how to recover from ${kind}`);
  }
  t.match(instructions, /mcp:\/\/cairn\/<id> is an opaque handle/);
});
