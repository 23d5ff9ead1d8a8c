// Writes the generated manual pages from their sources: docs/sql-api.md from the functions' headers and the catalog of a
// freshly migrated database, docs/settings.md from src/config.ts's zod schema and switchboard.settings_in_force().
//
//   node scripts/docs.mjs <database url> <sql-api.md path> <settings.md path>
//
// scripts/schema.sh runs it (npm run docs, npm run schema), and with --check fails when a committed page is stale.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import postgres from 'postgres';
import { functionFiles } from './apply-functions.mjs';
import { createdFunction, parseHeader } from './function-headers.mjs';

/**
 * Arguments many functions share, described once here and shown in each function's table unless its header says
 * more. Every argument of the API is described by its header or here; docs.mjs stops when one is not.
 */
const RECURRING = {
  endpoint_id: "the calling endpoint (the agent's identity): its scope and frozen verb set apply",
  owner_id: 'the calling owner (a human): their scope is the todos of the endpoints they vended and of the teams they are a member of',
  team_id: 'the team (teams: ADR-0038); an unknown id answers not_found',
  todo_id: "the todo; another tenant's id answers exactly like an unknown one (not_found)",
  lease_token: 'the token a fenced claim returned (require_fence): every report on a fenced attempt needs it',
  lease_seconds: 'the lease, from now, 1..86400 seconds; null: the setting default_lease_seconds (300)',
  claimant: 'a label for who works this attempt (a run id), shown to later claimers; cut to 128 bytes',
  require_fence: 'true: the claim returns a lease_token, once, and every report on the attempt must send it',
  mcp_session_id: 'the MCP session the claim arrived on, kept on the attempt (never returned by a read)',
  result: 'stored on the todo: any JSON, at most 256 KiB',
  summary: 'what this attempt did, for the next claimer and the owner; cut to 2048 bytes on a UTF-8 boundary, never refused',
  artifact: 'where the long form lives: mcp://cairn/<id> or an https URL, at most 512 bytes; stored, never fetched',
  queue: 'a queue name (1-128 of letters, digits and _ . : / -); null in a filter: every queue',
  state: 'only todos in this state: pending, claimed, done, failed or canceled',
  dead_letter: 'true: only dead letters; false: none of them; null: both',
  page_size: 'rows on a page, 1..200',
  cursor: "the previous page's next_cursor; null: the first page",
  batch_limit: 'at most this many rows in one call; null: all',
  credential: "the agent's bearer credential (sbk_…), compared as its SHA-256",
  session_secret: "the Board session's secret, the browser's cookie",
  csrf_token: "the session's CSRF token, required by every state-changing action",
};

const SURFACES = [
  ['switchboard', 'The API', 'Schema `switchboard`, executable by `switchboard_admin`: every verb, with ids as arguments. The surfaces below call these.'],
  ['switchboard_agent', 'Agent entry points', 'Schema `switchboard_agent`, executable by `switchboard_agent`: the MCP server\'s calls, each taking the bearer credential instead of an endpoint id. The credential is digested inside the statement that runs the verb, so a connection holding the role and no valid credential can do nothing; arguments, document and errors are otherwise the API function\'s.'],
  ['switchboard_board', 'Board entry points', 'Schema `switchboard_board`, executable by `switchboard_board`: the Board\'s calls, each taking the session secret instead of an owner id (and the CSRF token for a change), resolved inside the statement that runs the verb; arguments, document and errors are otherwise the API function\'s.'],
  ['switchboard_worker', 'Worker entry points', 'Schema `switchboard_worker`, executable by `switchboard_worker`: the background worker\'s sweeps and deliveries, for every tenant; a delivery reads only the row its transition wrote.'],
  ['switchboard_metrics', 'Metrics entry points', 'Schema `switchboard_metrics`, executable by `switchboard_metrics`: what `/metrics` reads, aggregates of every tenant and never a tenant\'s text.'],
];

/** Text for Markdown outside code: an angle bracket would start an HTML tag (mcp://cairn/<id>). */
const md = (s) => String(s).split('`').map((part, i) => (i % 2 ? part : part.replace(/</g, '&lt;'))).join('`');
const cell = (s) => md(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
/** A summary as a sentence: capitalized, unless it opens with a name (switchboard.claim_next, head_seq). */
const sentence = (s) => (/^[a-z]+[\s,:;]/.test(s) ? s.charAt(0).toUpperCase() + s.slice(1) : s);
const anchor = (name) => name; // GitHub's anchor for a heading that is a function name: the name itself

async function catalog(url) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const fns = await sql`
      select n.nspname as schema, p.proname as name, pg_get_function_result(p.oid) as returns,
             coalesce((select json_agg(json_build_object('name', a.name, 'type', format_type(a.type, null),
                                                         'default', pg_get_function_arg_default(p.oid, a.i::int)) order by a.i)
                         from unnest(p.proargnames, p.proargtypes::oid[]) with ordinality a(name, type, i)
                        where a.i <= p.pronargs), '[]') as args
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('switchboard', 'switchboard_agent', 'switchboard_board', 'switchboard_worker', 'switchboard_metrics')
       order by n.nspname, p.proname`;
    const settings = await sql`select key, in_force, meaning from switchboard.settings_in_force() order by key`;
    return { fns, settings };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** A default as written, without the cast Postgres adds ('{}'::jsonb -> '{}', NULL::text -> null). */
const shortDefault = (d) => d.replace(/::[a-z ]+(\[\])?$/, '').replace(/^NULL$/, 'null');

function signature(f) {
  const args = f.args.map((a) => `    ${a.name} ${a.type}${a.default ? ` default ${shortDefault(a.default)}` : ''}`);
  return ['```sql', `${f.schema}.${f.name}(${args.length ? `\n${args.join(',\n')}\n` : ''}) returns ${f.returns}`, '```'].join('\n');
}

function apiEntry(f, h) {
  const out = [`### ${f.name}`, '', md(sentence(h.summary)), ''];
  const rest = h.paragraph.slice(h.summary.length).trim().replace(h.returns ?? '\0', '').replace(h.errors ?? '\0', '').trim();
  if (rest) out.push(md(rest.replace(/\s+/g, ' ')), '');
  out.push(signature(f), '');
  if (f.args.length) {
    out.push('| argument | type | default | meaning |', '|---|---|---|---|');
    for (const a of f.args) {
      const meaning = h.args.get(a.name) ?? RECURRING[a.name];
      if (!meaning) throw new Error(`${f.schema}.${f.name}: argument ${a.name} is described neither by its header nor in RECURRING`);
      const d = a.default ? `\`${cell(shortDefault(a.default))}\`` : '';
      out.push(`| \`${a.name}\` | ${a.type} | ${d} | ${cell(meaning)} |`);
    }
    out.push('');
  }
  if (h.returns) out.push(`**Returns** ${md(h.returns.replace(/^Returns\s+/, ''))}`, '');
  if (h.errors) out.push(`**Errors** ${md(h.errors.replace(/^Errors:\s+/, ''))}`, '');
  for (const n of h.notes) out.push('```text', n, '```', '');
  if (h.example) out.push('```sql', h.example.replace(/;?$/, ';'), '```', '');
  return out;
}

export function sqlApiPage(fns, headers) {
  const out = [
    '# SQL API reference',
    '',
    '<!-- Generated by `npm run docs` from the functions\' headers (sql/functions/) and a migrated database\'s catalog; do not',
    '     edit. `npm test` fails when it is stale. -->',
    '',
    'Every function returns the same document its MCP tool or Board page does, and raises one of the error kinds of',
    '`switchboard.error_codes()` with a stable SQLSTATE. Call with named arguments (`name => value`): most verbs have',
    'optional arguments of other types in between, so a positional call can bind a value to the wrong one. The same',
    'text, unwrapped, is each function\'s comment (`\\df+`, `obj_description`), and `select * from switchboard.help()`',
    'lists them all on a screen. How to reach the database and which role may call what: [dba.md](dba.md).',
    '',
  ];
  for (const [schema, title] of SURFACES) {
    out.push(`- [${title}](#${title.toLowerCase().replace(/ /g, '-')}): ${fns.filter((f) => f.schema === schema).length} functions`);
  }
  out.push('', '## Arguments that recur', '', 'Described once here; each function\'s table repeats the line.', '',
    '| argument | meaning |', '|---|---|');
  for (const [k, v] of Object.entries(RECURRING)) out.push(`| \`${k}\` | ${cell(v)} |`);
  out.push('');
  for (const [schema, title, intro] of SURFACES) {
    const mine = fns.filter((f) => f.schema === schema);
    out.push(`## ${title}`, '', intro, '');
    if (schema === 'switchboard') {
      out.push('| function | what it does |', '|---|---|');
      for (const f of mine) out.push(`| [\`${f.name}\`](#${anchor(f.name)}) | ${cell(sentence(headers.get(`${schema}.${f.name}`).summary))} |`);
      out.push('');
      for (const f of mine) out.push(...apiEntry(f, headers.get(`${schema}.${f.name}`)));
    } else {
      out.push('| function | what it does |', '|---|---|');
      for (const f of mine) {
        const h = headers.get(`${schema}.${f.name}`);
        const call = `${f.schema}.${f.name}(${f.args.map((a) => a.name).join(', ')})`;
        const said = [h.summary, h.errors].filter(Boolean).join(' ');
        const linked = cell(sentence(said)).replace(/\bswitchboard\.([a-z_]+)\b/g, (m, name) =>
          fns.some((g) => g.schema === 'switchboard' && g.name === name) ? `[${m}](#${anchor(name)})` : m);
        out.push(`| \`${call}\` | ${linked} |`);
      }
      out.push('');
    }
  }
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

/** One row per setting: the environment's (src/config.ts) and the database's (settings_in_force()). */
export function settingsPage(schema, settings) {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  const defaults = schema.parse({});
  const out = [
    '# Settings',
    '',
    '<!-- Generated by `npm run docs` from src/config.ts (its zod schema) and switchboard.settings_in_force(); do not',
    '     edit. `npm test` fails when it is stale, and when a setting is listed in another page\'s table. -->',
    '',
    'Every setting, once. **Environment** variables are read once when a command starts and validated; a bad value stops',
    'the command with status 2 and one line naming the variable (`switchboard: SWITCHBOARD_PORT: must be a port',
    'number`); an empty variable counts as unset. **Database** settings are rows of `switchboard.settings`, read on every',
    'use (no restart); a value that does not parse, or is out of range, means the default, and',
    '`select * from switchboard.settings_in_force()` shows what each one means right now and why.',
    '',
    '```sql',
    "insert into switchboard.settings (key, value) values ('attempt_history_max_per_todo', '100')",
    'on conflict (key) do update set value = excluded.value;',
    '```',
    '',
    '| setting | where | default | range | meaning |',
    '|---|---|---|---|---|',
  ];
  for (const [name, field] of Object.entries(schema.shape)) {
    const p = json.properties[name] ?? {};
    if (!field.description) throw new Error(`src/config.ts: ${name} has no .describe()`);
    const d = defaults[name];
    const range = p.minimum !== undefined ? `${p.minimum}..${p.maximum}` : p.enum ? p.enum.join(', ') : '';
    out.push(`| \`${name}\` | environment | ${d === undefined ? 'unset' : `\`${d}\``} | ${range} | ${cell(field.description)} |`);
  }
  for (const s of settings) {
    out.push(`| \`${s.key}\` | database | ${s.in_force === 'unset' ? 'unset' : `\`${s.in_force}\``} |  | ${cell(s.meaning)} |`);
  }
  return `${out.join('\n')}\n`;
}

export async function generate(url) {
  const { fns, settings } = await catalog(url);
  const headers = new Map();
  for (const f of functionFiles()) {
    const fn = createdFunction(f.text);
    const h = parseHeader(f.text);
    if (fn && h) headers.set(`${fn.schema}.${fn.name}`, h);
  }
  for (const f of fns) {
    if (!headers.has(`${f.schema}.${f.name}`)) throw new Error(`${f.schema}.${f.name}: no header in sql/functions`);
  }
  const { CONFIG_SCHEMA } = await import('../dist/config.js');
  return { sqlApi: sqlApiPage(fns, headers), settings: settingsPage(CONFIG_SCHEMA, settings) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [url, apiPath, settingsPath] = process.argv.slice(2);
  if (!url || !apiPath || !settingsPath) {
    console.error('usage: node scripts/docs.mjs <database url> <sql-api.md path> <settings.md path>');
    process.exit(2);
  }
  try {
    const pages = await generate(url);
    writeFileSync(apiPath, pages.sqlApi);
    writeFileSync(settingsPath, pages.settings);
  } catch (e) {
    console.error(`docs: ${e.message}`);
    process.exit(1);
  }
}
