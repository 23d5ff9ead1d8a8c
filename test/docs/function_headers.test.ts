// A sql/functions file says its function's intent once, in its header, and that header is the function's COMMENT:
// every file has one, none carries a COMMENT ON FUNCTION of its own, the API's headers say what they return and raise
// and show an example, names they mention exist, and switchboard.help() reads within 100 columns in psql.
import { spawnSync } from 'node:child_process';
import t from 'tap';
import { FOLDERS, functionFiles } from '../../scripts/apply-functions.mjs';
import { convert, createdFunction, ownComments, parseHeader, WIDTH } from '../../scripts/function-headers.mjs';
import { freshDatabase } from '../helpers/db.js';

const files = functionFiles() as { name: string; text: string }[];
const schemaOf = new Map(FOLDERS as [string, string][]);

t.test('every file opens with a header naming the function it creates, and carries no comment of its own', async (t) => {
  t.ok(files.length > 100, 'the function files are found');
  for (const f of files) {
    const fn = createdFunction(f.text);
    const h = parseHeader(f.text);
    t.ok(fn, `${f.name}: creates a function`);
    t.ok(h, `${f.name}: opens with a header "-- <name>: what it does"`);
    if (!fn || !h) continue;
    t.equal(h.label, fn.name, `${f.name}: the header names ${fn.name}`);
    t.equal(fn.schema, schemaOf.get(f.name.split('/')[0]), `${f.name}: the folder's schema`);
    t.same(ownComments(f.text), [], `${f.name}: no COMMENT ON FUNCTION of its own (the header is the comment)`);
    const wide = f.text.split('\n').filter((l) => l.startsWith('--')).slice(0, h.comment.split('\n').length);
    t.same(wide.filter((l) => l.length > WIDTH), [], `${f.name}: header lines at most ${WIDTH} wide`);
    t.match(h.summary, /\.$/, `${f.name}: the summary is a whole sentence`);
    t.ok(h.summary.length <= 100, `${f.name}: the summary fits a line (${h.summary.length})`);
    t.notMatch(h.comment, /\bissue \d|\bmigration 0\d{5}|µs|\d ?%/i, `${f.name}: no history or measurement`);
    t.notMatch(h.comment, /(^|[\s(`])_[a-z]+[a-z_]*\b/, `${f.name}: no old underscore names`);
    t.equal(convert(f.text).text, f.text, `${f.name}: in the canonical shape (node scripts/function-headers.mjs convert)`);
  }
});

t.test('the API and the surfaces say what they return and raise; the API shows an example', async (t) => {
  for (const f of files.filter((f) => !f.name.startsWith('core/'))) {
    const h = parseHeader(f.text)!;
    t.ok(h.returns || /\bReturns\b/.test(h.paragraph), `${f.name}: says what it returns`);
    t.ok(h.errors, `${f.name}: an "Errors:" sentence (none, when it raises nothing)`);
    if (f.name.startsWith('api/')) t.ok(h.example?.startsWith('select'), `${f.name}: an example`);
  }
});

t.test('the database holds each header as its function comment, and the names a header mentions exist', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const rows = await db.sql<{ name: string; comment: string | null; args: string[] | null }[]>`
    select p.pronamespace::regnamespace::text || '.' || p.proname as name, obj_description(p.oid, 'pg_proc') as comment,
           p.proargnames as args
      from pg_proc p
     where p.pronamespace::regnamespace::text in ('switchboard', 'switchboard_internal', 'switchboard_agent',
                                                  'switchboard_board', 'switchboard_worker', 'switchboard_metrics')`;
  const byName = new Map(rows.map((r) => [r.name, r]));
  t.equal(byName.size, rows.length, 'no schema has two functions of one name (a header names its function by name)');
  const [{ relations }] = await db.sql<{ relations: string[] }[]>`
    select array_agg(c.relnamespace::regnamespace::text || '.' || c.relname) as relations from pg_class c
     where c.relnamespace::regnamespace::text like 'switchboard%'`;
  for (const f of files) {
    const fn = createdFunction(f.text)!;
    const h = parseHeader(f.text)!;
    const row = byName.get(`${fn.schema}.${fn.name}`);
    t.equal(row?.comment, h.comment, `${f.name}: COMMENT ON FUNCTION is the header`);
    for (const arg of h.args.keys()) t.ok(row?.args?.includes(arg), `${f.name}: describes ${arg}, an argument it has`);
    for (const [ref] of h.comment.matchAll(/\bswitchboard(?:_[a-z]+)?\.[a-z_]+\b/g)) {
      t.ok(byName.has(ref) || relations.includes(ref), `${f.name}: ${ref} exists`);
    }
  }
});

t.test('switchboard.help() in psql: every line within 100 columns, every summary a whole sentence', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const run = spawnSync('psql', ['-X', '-P', 'pager=off', db.url, '-c', 'select * from switchboard.help()'], { encoding: 'utf8' });
  t.equal(run.status, 0, run.stderr);
  const lines = run.stdout.split('\n');
  t.ok(lines.length > 100, 'it lists the functions');
  t.same(lines.filter((l) => l.length > 100), [], 'no line is wider than 100 columns');
  const summaries = await db.sql<{ summary: string }[]>`select summary from switchboard.help()`;
  t.same(summaries.filter((s) => !/\.$/.test(s.summary)), [], 'each summary ends its sentence');
});

t.test('convert turns a file written the old way into a header-only one', async (t) => {
  const old = [
    '-- frob (agent): switchboard.frob for the endpoint the credential names. Returns the todo. Errors: forbidden.',
    'create or replace function switchboard_agent.frob(credential text)',
    'returns jsonb language sql as $$ select null::jsonb $$;',
    'comment on function switchboard_agent.frob(text) is',
    "$$frob(credential) -> todo. As switchboard.frob, for the endpoint the credential names.$$;",
    '',
  ].join('\n');
  const { text, dropped } = convert(old);
  t.same(ownComments(text), [], 'its own comment goes');
  t.equal(dropped.length, 1, 'and is handed back, for a person to compare');
  t.equal(parseHeader(text)?.summary, 'switchboard.frob for the endpoint the credential names.', 'the header stays');
  t.match(text, /^create or replace function switchboard_agent\.frob/m, 'the function stays');

  const bare = convert(old.split('\n').slice(1).join('\n'));
  t.equal(parseHeader(bare.text)?.label, 'frob', 'a file without a header gets one, named for its function');
  t.match(parseHeader(bare.text)?.paragraph ?? '', /As switchboard\.frob/, "made from the comment's text");
});
