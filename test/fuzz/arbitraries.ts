// Generators of hostile input for the fuzz suite: wrong types, bad numbers, malformed and foreign ids, huge and
// control-character strings, lone surrogates, deep and huge JSON, SQL injection, stolen lease tokens, near-valid
// artifacts. Ids and tokens are drawn from the live world so calls reach deep into the functions.
import fc from 'fast-check';
import type { World } from './world.js';

const MB = 1 << 20;

export const INJECTIONS = [
  "'; drop table switchboard.todos; --",
  "builds' or '1'='1",
  "$$; delete from switchboard.todo_attempts; $$",
  "x'); update switchboard.todos set state = 'done'; --",
  "\\'; select pg_sleep(5); --",
  '"; select * from switchboard.endpoints; --',
  "1; truncate switchboard.owners cascade",
  "' union select credential_digest::text from switchboard.endpoints --",
  "builds/*",
  "%' and 1=1 and '%'='",
];

const pick = <T>(xs: () => readonly T[]) => fc.nat().map((i) => { const a = xs(); return a[i % a.length]; });

/** A string that is hostile in some way, or ordinary. */
export const nastyString = (w?: World): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(MB, MB + 1).map((n) => 'x'.repeat(n)) },
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(...INJECTIONS),
    fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\u0001\u0002\u001b[31m\u007f', '\r\n\t', '\uD800', 'x\uDC00y', '\uDBFF\uDBFF',
      '\uFEFF', '\u202Ebuilds', 'é'.repeat(300), '😀'.repeat(200)),
    fc.constantFrom(127, 129, 513, 2049, 16 * 1024 + 1).map((n) => 'x'.repeat(n)),
    ...(w ? [pick(() => w.queues), pick(() => w.secrets), pick(() => w.tokens)] : []),
  ).chain((x) => fc.oneof({ weight: 30, arbitrary: fc.constant(x) }, { weight: 1, arbitrary: fc.constant(`${'y'.repeat(MB)}\u0000${x}`) }));

/** Ids: real, foreign, random, malformed. */
export const uuidish = (w: World): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: pick(() => w.todos) },
    { weight: 2, arbitrary: pick(() => w.foreignTodos) },
    fc.uuid(),
    pick(() => [w.endpoint.endpoint_id, w.foreign.endpoint_id, w.ownerA, w.ownerB]),
    pick(() => w.todos).map((id) => id.toUpperCase()),
    pick(() => w.todos).map((id) => `{${id}}`),
    pick(() => w.todos).map((id) => `${id}\u0000`),
    pick(() => w.todos).map((id) => id.slice(0, 35)),
    fc.constantFrom('00000000-0000-0000-0000-000000000000', 'not-a-uuid', '', "' or 1=1 --", 'ffffffff-ffff-ffff-ffff-ffffffffffffff'),
    nastyString(),
  );

export const numberish: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -5, max: 400 }),
  fc.integer(),
  fc.constantFrom(0, -1, 1, 1000, 1001, -1000, -1001, 86400, 86401, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308, -1e308,
    1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0),
  fc.double(),
);

/** JSON that is deep, huge, or carries characters jsonb refuses. */
export const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  fc.integer({ min: 50, max: 3000 }).map((d) => {
    let v: unknown = 1;
    for (let i = 0; i < d; i++) v = i % 2 ? [v] : { k: v };
    return v;
  }),
  fc.constantFrom(255, 257, 600).map((kib) => ({ blob: 'z'.repeat(kib * 1024) })),
  fc.constant({ k: 'a\u0000b' }),
  fc.constant({ 'k\u0000': 1 }),
  fc.constant({ k: '\uD800' }),
  fc.constant(Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, i]))),
  fc.constant([{ a: 1 }, null, 'x']),
  fc.constantFrom(...INJECTIONS),
);

export const artifactish: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('mcp://cairn/abc', 'mcp://cairn/', 'mcp://cairn/a b', 'mcp://cairn/../x', 'mcp://Cairn/abc', 'mcp:/cairn/abc',
    'https://example.com/x', 'http://example.com/x', 'https://', 'https:// ex.com', 'HTTPS://EX.COM', 'javascript:alert(1)',
    'https://user:pw@example.com/', 'https://example.com/\u0000', 'file:///etc/passwd', 'mcp://cairn/abc\n',
    `https://example.com/${'a'.repeat(600)}`, `mcp://cairn/${'b'.repeat(500)}`, 'data:text/html,<script>x</script>'),
  nastyString(),
);

/** Any value of the wrong type. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [1, 2], { a: 1 }, 0, ''),
  numberish,
  fc.jsonValue({ maxDepth: 2 }),
);

/** A field: mostly a value of roughly the right kind, sometimes the wrong type. */
export const field = (good: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 14, arbitrary: good }, { weight: 1, arbitrary: wrongType });

/** A record of optional fields, sometimes with an extra unknown key, sometimes not an object at all. */
export function argsOf(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const rec = fc.record(
    Object.fromEntries(Object.entries(fields).map(([k, a]) => [k, field(a)])),
    { requiredKeys: [] },
  ) as fc.Arbitrary<Record<string, unknown>>;
  return fc.oneof(
    { weight: 12, arbitrary: rec },
    { weight: 1, arbitrary: fc.tuple(rec, fc.constantFrom('endpoint_id', '__proto__', 'extra', 'constructor'), wrongType).map(([r, k, v]) => ({ ...r, [k]: v })) },
    { weight: 1, arbitrary: wrongType },
  );
}

/** Input arbitraries per MCP tool. */
export function toolArgs(w: World): Record<string, fc.Arbitrary<unknown>> {
  const id = uuidish(w);
  const s = fc.oneof({ weight: 2, arbitrary: fc.string({ maxLength: 30 }) }, { weight: 3, arbitrary: nastyString(w) });
  const token = fc.oneof(pick(() => w.tokens), s);
  const queue = fc.oneof({ weight: 6, arbitrary: pick(() => w.queues) }, s);
  const object = fc.oneof({ weight: 3, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }) }, jsonish);
  const addTodo = argsOf({ queue, payload: jsonish, title: s, routing: object, priority: numberish, max_attempts: numberish,
    run_at: fc.oneof(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), fc.constantFrom('2026-01-01T00:00:00Z', 'yesterday', '99999-01-01T00:00:00Z', '2026-13-45T99:99:99Z', 'now', 'infinity', '-infinity', 'epoch'), s),
    idempotency_key: s });
  return {
    add_todo: addTodo,
    // Arrays of add_todo's arguments (hostile elements among good ones), now and then not an array at all.
    add_todos: argsOf({ todos: fc.oneof({ weight: 4, arbitrary: fc.array(addTodo, { maxLength: 5 }) }, jsonish) }),
    claim: argsOf({ todo_id: id, claimant: s, require_fence: fc.boolean(), lease_seconds: numberish }),
    claim_next: argsOf({ queue, claimant: s, require_fence: fc.boolean(), lease_seconds: numberish,
      wait_seconds: fc.constantFrom(0, -1, 60, 61, 1.5, 1e9) }),
    heartbeat: argsOf({ todo_id: id, lease_token: token, lease_seconds: numberish }),
    complete: argsOf({ todo_id: id, result: jsonish, summary: s, artifact: artifactish, lease_token: token }),
    fail: argsOf({ todo_id: id, result: jsonish, summary: s, artifact: artifactish, lease_token: token }),
    release: argsOf({ todo_id: id, summary: s, artifact: artifactish, lease_token: token }),
    get_todo: argsOf({ todo_id: id, attempts_limit: numberish }),
    cancel: argsOf({ todo_id: id }),
    list_todos: argsOf({ queue, state: fc.oneof(fc.constantFrom('pending', 'claimed', 'done', 'failed', 'canceled', 'open', 'DONE'), s),
      dead_letter: fc.boolean(), page_size: numberish, cursor: fc.oneof(fc.constantFrom('eyJ4IjoxfQ', 'bm90IGEgY3Vyc29y', '!!!'), s) }),
    clock_in: argsOf({}),
    clock_out: argsOf({}),
  };
}

/** A text value for a direct SQL parameter of the given type; null sometimes. */
export function sqlValue(w: World, type: string): fc.Arbitrary<unknown> {
  const s = nastyString(w);
  const ints = numberish.map((n) => String(n));
  const byType: Record<string, fc.Arbitrary<unknown>> = {
    uuid: fc.oneof({ weight: 3, arbitrary: uuidish(w) }, pick(() => [w.endpoint.endpoint_id, w.narrow.endpoint_id, w.foreign.endpoint_id, w.ownerA, w.ownerB])),
    text: fc.oneof(s, artifactish, pick(() => w.tokens), fc.constantFrom('pending', 'done', 'https://example.com/hook', 'fuzz-a', 'builds')),
    jsonb: fc.oneof(jsonish.map((v) => JSON.stringify(v) ?? 'null'), fc.constantFrom('{', 'nul', "{'a':1}", '{"a":1}{', '"\\u0000"', '"\\ud800"', '1e999999')),
    integer: fc.oneof(ints, fc.constantFrom('1', '0', '-1', '99999999999', 'abc', '1.5', ' 7 ')),
    bigint: fc.oneof(ints, fc.constantFrom('1', '0', '-1', '99999999999999999999', 'abc')),
    boolean: fc.constantFrom('true', 'false', 't', 'f', 'maybe', '2', ''),
    interval: fc.constantFrom('1 day', '-1 day', '0', '1000000 years', 'abc', '1 second', '178000000 years', "1 day'; --"),
    'timestamp with time zone': fc.constantFrom('2026-01-01T00:00:00Z', 'infinity', '-infinity', 'yesterday', 'garbage', '294277-01-01'),
    'text[]': fc.array(fc.oneof(fc.constantFrom('claim_next', 'complete', 'add_todo', 'list_todos'), s), { maxLength: 4 }).map(
      (a) => `{${a.map((x) => `"${x.replace(/["\\]/g, '\\$&')}"`).join(',')}}`,
    ),
  };
  const arb = byType[type] ?? s;
  return fc.oneof({ weight: 8, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: s });
}
