// A sql/functions file's header comment is the one wording of its function's intent: this reads it, turns it into the
// COMMENT ON FUNCTION text (apply-functions.mjs) and the reference entry (docs.mjs), and converts files written the old way.
//
// The header is the comment at the top of the file, before `create or replace function`:
//
//   -- fail: the holder reports that its attempt failed. claimed -> failed: …          <- label, then the paragraph:
//   -- … Locks the todo row. Returns the todo document. Errors: forbidden, not_found, …  what, from -> to, locks,
//   --                                                                                   returns, errors
//   -- result: stored on the todo, any JSON up to 256 KiB.                             <- optional: arguments the
//   -- summary: what was tried, for the next claimer; cut to 2048 bytes.                 reference describes
//   --
//   -- Example: select switchboard.fail(endpoint_id => …, todo_id => …, summary => 'tests red');   <- optional
//
// The label is the function's name, optionally with its surface: `claim_next (agent):`. Blocks are separated by an
// empty `--` line; the first is the paragraph (its first sentence is what help() shows), a block whose lines are
// `name: text` (continued by lines indented two spaces) describes arguments, a block starting `Example:` is an
// example, and any other block is kept as written (a table, a list). The COMMENT is the header without its `-- `
// prefixes and without the label; a file carries no COMMENT ON FUNCTION of its own.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const WIDTH = 100;
const LABEL = /^([a-z_][a-z0-9_]*)(?: \(([a-z]+)\))?: /;
const ARG_LINE = /^([a-z_][a-z0-9_]*): \S/;
const CREATE = /^create or replace function ([a-z_]+)\.([a-z_][a-z0-9_]*)\s*\(/m;
const OWN_COMMENT = /^comment on function[\s\S]*?(?:\$\$[\s\S]*?\$\$|'(?:[^']|'')*')\s*;[ \t]*\n?/gim;

/** The schema and name of the function a file creates, or null. */
export function createdFunction(text) {
  const m = CREATE.exec(text);
  return m ? { schema: m[1], name: m[2] } : null;
}

/** The `comment on function … ;` statements a file carries itself (a header-only file has none). */
export function ownComments(text) {
  return text.match(OWN_COMMENT) ?? [];
}

/** The header's lines without their `-- ` prefix (an empty `--` line is ''), or [] when the file opens with none. */
export function headerLines(text) {
  const lines = [];
  for (const line of text.split('\n')) {
    if (line === '--' || line.startsWith('-- ')) lines.push(line.slice(3).replace(/\s+$/, ''));
    else break;
  }
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Splits lines into blocks at empty lines. */
function blocksOf(lines) {
  const blocks = [[]];
  for (const l of lines) {
    if (l === '') {
      if (blocks[blocks.length - 1].length) blocks.push([]);
    } else blocks[blocks.length - 1].push(l);
  }
  return blocks.filter((b) => b.length);
}

const isArgBlock = (b) => ARG_LINE.test(b[0]) && b.every((l) => ARG_LINE.test(l) || l.startsWith('  '));

/**
 * The parsed header: label (the name it gives), surface, paragraph (one line), summary (its first sentence), returns
 * and errors (those sentences of the paragraph, or null), args (name -> text), example (SQL, or null), notes
 * (other blocks, as written) and comment (the COMMENT ON FUNCTION text). Null when the file has no labelled header.
 */
export function parseHeader(text) {
  const lines = headerLines(text);
  if (!lines.length) return null;
  const m = LABEL.exec(lines[0]);
  if (!m) return null;
  const body = [lines[0].slice(m[0].length), ...lines.slice(1)];
  const blocks = blocksOf(body);
  const paragraph = blocks[0].map((l) => l.trim()).join(' ');
  const args = new Map();
  let example = null;
  const notes = [];
  for (const b of blocks.slice(1)) {
    if (b[0].startsWith('Example:')) {
      example = [b[0].slice('Example:'.length).trim(), ...b.slice(1)].filter(Boolean).join('\n');
    } else if (isArgBlock(b)) {
      let name = null;
      for (const l of b) {
        const a = ARG_LINE.exec(l);
        if (a && !l.startsWith(' ')) {
          name = a[1];
          args.set(name, l.slice(name.length + 2).trim());
        } else args.set(name, `${args.get(name)} ${l.trim()}`);
      }
    } else notes.push(b.join('\n'));
  }
  const sentences = sentencesOf(paragraph);
  return {
    label: m[1],
    surface: m[2] ?? null,
    paragraph,
    summary: sentences[0],
    returns: sentences.find((s) => /^Returns\b/.test(s)) ?? null,
    errors: sentences.find((s) => /^Errors:/.test(s)) ?? null,
    args,
    example,
    notes,
    comment: body.join('\n'),
  };
}

/** A paragraph's sentences: each ends with a period followed by a space and the next sentence, or by the end. */
export function sentencesOf(paragraph) {
  return paragraph.split(/(?<=\.)\s+(?=[A-Za-z0-9(`"'{])/).map((s) => s.trim()).filter(Boolean);
}

/** Word-wraps text to `width` columns, each line prefixed (the first with `first`, the rest with `rest`). */
export function wrap(text, width, first = '', rest = first) {
  const out = [];
  let line = first;
  let empty = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!empty && line.length + 1 + word.length > width) {
      out.push(line);
      line = rest + word;
    } else {
      line += (empty ? '' : ' ') + word;
    }
    empty = false;
  }
  out.push(line);
  return out;
}

/** A line of SQL wrapped after commas outside string literals, continued two spaces in (`-- ` kept). */
function wrapSql(line, width) {
  if (line.length <= width) return [line];
  const cuts = [];
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === "'") quoted = !quoted;
    else if (!quoted && line[i] === ',' && line[i + 1] === ' ') cuts.push(i + 1);
  }
  const out = [];
  let start = 0;
  let last = -1;
  for (const c of [...cuts, line.length]) {
    if (c - start + (out.length ? 5 : 0) > width && last > start) {
      out.push(line.slice(start, last));
      start = last + 1;
    }
    last = c;
  }
  out.push(line.slice(start));
  return out.map((l, i) => (i ? `--   ${l}` : l));
}

/**
 * The header in its canonical shape, `-- ` lines at most WIDTH wide: the paragraph and argument texts are reflowed,
 * an example and other blocks are kept as written.
 */
export function formatHeader(h) {
  const out = wrap(h.paragraph, WIDTH, `-- ${h.label}${h.surface ? ` (${h.surface})` : ''}: `, '-- ');
  if (h.args.size) {
    out.push('--');
    for (const [name, t] of h.args) out.push(...wrap(`${name}: ${t}`, WIDTH, '-- ', '--   '));
  }
  for (const n of h.notes) out.push('--', ...n.split('\n').map((l) => `-- ${l}`));
  if (h.example) {
    out.push('--');
    const lines = h.example.split('\n').flatMap((l, i) => wrapSql(i ? `-- ${l}` : `-- Example: ${l}`, WIDTH));
    out.push(...lines);
  }
  return out.join('\n');
}

/**
 * A file written the old way, made header-only: its own COMMENT ON FUNCTION statements go, and when it had no labelled
 * header, the comment's text becomes one (labelled with the function's name). Returns {text, dropped}: the new file
 * and the comment texts removed, for a person to check that the header says what they said.
 */
export function convert(text) {
  const dropped = ownComments(text);
  let rest = text;
  for (const c of dropped) rest = rest.replace(c, '');
  rest = rest.replace(/\n+$/, '\n');
  const fn = createdFunction(rest);
  let h = parseHeader(rest);
  const code = rest.split('\n').slice(headerLines(rest).length).join('\n').replace(/^(--\s*\n)+/, '');
  if (!h) {
    const own = headerLines(rest).join(' ');
    const said = dropped.map((c) => /\$\$([\s\S]*?)\$\$/.exec(c)?.[1] ?? /'((?:[^']|'')*)'/.exec(c)?.[1].replace(/''/g, "'") ?? '');
    const paragraph = [own, ...said].join(' ').replace(/\s+/g, ' ').trim() || 'TODO: say what this function does.';
    h = { label: fn?.name ?? 'unknown', surface: null, paragraph, args: new Map(), example: null, notes: [] };
  }
  return { text: `${formatHeader(h)}\n${code}`, dropped };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [cmd, ...files] = process.argv.slice(2);
  if (cmd !== 'convert' || !files.length) {
    console.error('usage: node scripts/function-headers.mjs convert sql/functions/<folder>/<file>.sql ...');
    console.error('  drops each file\'s own COMMENT ON FUNCTION (the header becomes the comment) and reflows its header;');
    console.error('  prints every comment it dropped, so you can check the header says what it said.');
    process.exit(2);
  }
  for (const f of files) {
    const before = readFileSync(f, 'utf8');
    const { text, dropped } = convert(before);
    if (text !== before) writeFileSync(f, text);
    for (const d of dropped) console.log(`${f}: dropped\n${d.trim()}\n`);
    if (!parseHeader(text)) console.log(`${f}: no header; write one`);
  }
}
