// tools/list as strict clients read it: the portability rules of the MCP Inspector's strict schema check (one
// type per schema, no untyped schema, real numeric bounds, uuid ids), output schemas that admit the error
// document, and the size of the whole list: all thirteen tools within 12 KB (12,000 bytes of the JSON result).
import t from 'tap';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
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

t.test('tools/list passes the strict portability rules, admits the error document, and is at most 12 KB', async (t) => {
  const f = await fixture(t);
  const c = await f.memoryClient(await f.vend(await f.owner('alice'), 'all'));
  const listed = await c.listTools();
  t.equal(listed.tools.length, 13, 'all thirteen tools');

  const ajv = new AjvJsonSchemaValidator();
  const warnings: string[] = [];
  for (const tool of listed.tools) {
    warnings.push(...problems(tool.inputSchema as Schema, `${tool.name}.input`, true));
    warnings.push(...problems(tool.outputSchema as Schema, `${tool.name}.output`, false));
    const out = tool.outputSchema as Schema;
    t.same(out.required ?? [], [], `${tool.name}: no output field is required, so {error, message} fits`);
    t.not(out.additionalProperties, false, `${tool.name}: the output object is open`);
    const admits = ajv.getValidator(out as never);
    for (const doc of [
      { error: 'invalid', message: 'invalid: todo_id is not a uuid', hint: 'Fix the named argument and call again.' },
      { error: 'throttled', message: 'throttled: wait', retry_after_seconds: 3, hint: '' },
    ]) t.ok(admits(doc).valid, `${tool.name}: the output schema admits the ${doc.error} error document`);
  }
  t.same(warnings, [], '0 portability warnings');

  const byName = Object.fromEntries(listed.tools.map((x) => [x.name, x]));
  t.match(byName.claim.inputSchema.properties?.lease_seconds, { type: 'integer', minimum: 1, maximum: 86400 });
  t.match(byName.add_todo.inputSchema.properties?.payload, { type: 'object' }, 'payload is declared an object');
  t.match(byName.complete.inputSchema.properties?.result, { type: 'object', description: /scalar is accepted/ });
  t.match(byName.get_todo.inputSchema.properties?.todo_id, { type: 'string', format: 'uuid' });
  t.match(byName.complete.inputSchema.properties?.artifact, { description: /mcp:\/\/cairn\/<id> \(an opaque handle/ });

  // The result as the SDK client received it, serialized as it travels (compact JSON).
  const bytes = Buffer.byteLength(JSON.stringify(listed));
  t.ok(bytes <= 12_000, `tools/list is ${bytes} bytes for all thirteen tools, at most 12 KB`);

  const instructions = c.getInstructions() ?? '';
  for (const kind of ['invalid', 'not_found', 'conflict', 'forbidden', 'throttled', 'unavailable', 'internal']) {
    t.match(instructions, new RegExp(`\\b${kind} - `), `the instructions say how to recover from ${kind}`);
  }
  t.match(instructions, /mcp:\/\/cairn\/<id> is an opaque handle/);
});
