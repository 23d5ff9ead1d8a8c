// Mechanical SQL mutants for scripts/mutate.mjs --generated: every single-token edit of a few kinds in the body of every function file.
//
// Kinds (each one edit, at an offset of the file's text, outside comments and string literals, inside the $$ body):
//   cmp       a comparison flipped: = <>, <> =, < <=, <= <, > >=, >= >
//   bool      and -> or, or -> and
//   conjunct  a dropped conjunct: ` and <term>` removed (the term runs to the next and/or/then/keyword/`)` at its depth)
//   num       a numeric literal +1 and -1 (not the select list of `exists (select 1 ...)` or `perform 1`, which
//             nothing reads: such a mutant is equivalent by construction)
//   call      lower(x) -> x, coalesce(a, ...) -> a
//   column    a qualified column (alias.col) swapped for another column of the same alias that the same statement names
//             (the same type is not checked: a swap PostgreSQL refuses when the function is created is "invalid", and
//             one it refuses only at run time is killed by whichever test calls it, as a real bug would be)
//   returning a `returning` list's column swapped for another of the same list
// Each mutant: id (file:line:kind:find->replace, stable while the line does not move; docs/mutation-equivalents.md
// names equivalent ones by it), file (under sql/functions/, or proxy/<file> for sql/proxy/), at, find, replace.
//
// sql/proxy/ (generateProxyMutants): its files hold many functions between other statements, so only the body of
// each `create [or replace] function` is mutated; a mutant also carries its statement's range (stmtStart, stmtEnd),
// which scripts/mutate.mjs --proxy creates alone to tell an invalid mutant, before it installs the whole file as
// `switchboard shard init` does. The bodies generate.sql writes with format() are code too, and mutated.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The text with comments and string literals blanked (same length), so offsets still match. */
function mask(text) {
  let out = '';
  for (let i = 0; i < text.length; ) {
    if (text.startsWith('--', i)) {
      const end = text.indexOf('\n', i);
      const j = end < 0 ? text.length : end;
      out += ' '.repeat(j - i);
      i = j;
    } else if (text[i] === "'") {
      let j = i + 1;
      while (j < text.length && !(text[j] === "'" && text[j + 1] !== "'")) j += text[j] === "'" ? 2 : 1;
      out += `'${'_'.repeat(Math.max(0, j - i - 1))}'`; // a literal stays one term (not blanks a stop word may follow)
      i = j + 1;
    } else {
      out += text[i];
      i++;
    }
  }
  return out;
}

// Same type by the schema's naming: *_at timestamptz, id/*_id uuid, *_sha256 bytea, the counters integer, the
// flags boolean; any other pair is not swapped.
const INTS = new Set(['attempt', 'max_attempts', 'last_seq', 'seq', 'priority', 'n', 'lease_seconds', 'partition']);
const BOOLS = new Set(['clocked_in', 'dead_letter', 'budgeted', 'has_head', 'lapsed', 'below_cap', 'at_cap', 'truncated']);
const TEXT_IDS = new Set(['agent_id', 'context_id', 'message_id', 'task_id', 'request_id']);
const typeOf = (c) => (/_at$/.test(c) ? 'ts' : /(^|_)id$/.test(c) && !TEXT_IDS.has(c) ? 'uuid' : /_sha256$/.test(c) ? 'bytea'
  : INTS.has(c) ? 'int' : BOOLS.has(c) ? 'bool' : null);
const sameType = (a, b) => typeOf(a) !== null && typeOf(a) === typeOf(b);
const CMP = { '=': '<>', '<>': '=', '<': '<=', '<=': '<', '>': '>=', '>=': '>' };
const STOP = /^\s+(and|or|then|order|limit|returning|group|loop|for|on|where|when|else|end|union|window|having|into|from)\b/i;

/** The end of the term that starts at i (exclusive): the next and/or/keyword or `)` `,` `;` at depth 0. */
function termEnd(m, i) {
  let depth = 0;
  for (let j = i; j < m.length; j++) {
    const c = m[j];
    if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) return j;
      depth--;
    } else if (depth === 0 && (c === ',' || c === ';')) return j;
    else if (depth === 0 && /\s/.test(c) && STOP.test(m.slice(j, j + 12))) return j;
  }
  return -1;
}

/** The body of a function file: from its first `$$` to its last. */
function fileBody(m) {
  const start = m.indexOf('$$');
  const end = m.lastIndexOf('$$');
  return start < 0 || end <= start ? [] : [{ start, end }];
}

/** The bodies of every `create [or replace] function` of a file of several statements (sql/proxy/), each with its statement. */
function functionBodies(m) {
  const out = [];
  for (const c of m.matchAll(/^create (or replace )?function /gim)) {
    const start = m.indexOf('$$', c.index);
    const end = start < 0 ? -1 : m.indexOf('$$', start + 2);
    const close = end < 0 ? -1 : m.indexOf(';', end);
    if (close > end) out.push({ start, end, stmtStart: c.index, stmtEnd: close + 1 });
  }
  return out;
}

function mutantsOf(file, text, bodies = fileBody) {
  const m = mask(text);
  const all = [];
  for (const b of bodies(m)) {
    for (const x of mutantsIn(file, text, m, b.start, b.end)) {
      all.push(b.stmtStart === undefined ? x : { ...x, stmtStart: b.stmtStart, stmtEnd: b.stmtEnd });
    }
  }
  return all;
}

function mutantsIn(file, text, m, start, end) {
  const pending = [];
  const yield_ = (x) => pending.push(x);
  const lineOf = (at) => text.slice(0, at).split('\n').length;
  const mk = (kind, at, find, replace) => ({
    id: `${file}:${lineOf(at)}:${kind}:${find.replace(/\s+/g, ' ')}->${replace.replace(/\s+/g, ' ')}`,
    kind, file, at, find, replace,
  });
  const body = (re, fn) => {
    re.lastIndex = start + 2;
    for (let x = re.exec(m); x && x.index < end; x = re.exec(m)) fn(x);
  };
  body(/(?<![<>=!:|-])(<>|<=|>=|=|<|>)(?![<>=>-])/g, (x) => yield_(mk('cmp', x.index, x[1], CMP[x[1]])));
  body(/\b(and|or)\b/gi, (x) => yield_(mk('bool', x.index, x[1], x[1].toLowerCase() === 'and' ? 'or' : 'and')));
  body(/\s+and\s+/gi, (x) => {
    if (/\bbetween\s+[^\s]+$/i.test(m.slice(Math.max(0, x.index - 80), x.index))) return; // between's and
    const t = termEnd(m, x.index + x[0].length);
    if (t > x.index + x[0].length) yield_(mk('conjunct', x.index, text.slice(x.index, t), ''));
  });
  body(/(?<![\w$.])(\d+)(?![\w.])/g, (x) => {
    // The select list of `exists (select 1 ...)` and `perform 1 ...` is never read: changing it cannot be observed.
    if (/(\bexists\s*\(\s*select|\bperform)\s+$/i.test(m.slice(Math.max(0, x.index - 40), x.index))) return;
    const n = Number(x[1]);
    yield_(mk('num', x.index, x[1], String(n + 1)));
    if (n > 0) yield_(mk('num', x.index, x[1], String(n - 1)));
  });
  body(/\b(lower|coalesce)\(/gi, (x) => {
    const open = x.index + x[0].length;
    const close = termEnd(m, open);
    if (close < 0 || m[close] !== ')' && x[1].toLowerCase() === 'lower') return;
    if (x[1].toLowerCase() === 'lower') yield_(mk('call', x.index, text.slice(x.index, close + 1), text.slice(open, close)));
    else {
      let depth = 0;
      let j = open;
      for (; j < m.length; j++) {
        if (m[j] === '(') depth++;
        else if (m[j] === ')') { if (depth === 0) break; depth--; }
      }
      const first = text.slice(open, termEnd(m, open));
      yield_(mk('call', x.index, text.slice(x.index, j + 1), first));
    }
  });
  // Statements: split the body at `;`; in each, alias.col references and returning lists.
  let s0 = start + 2;
  for (let s1 = m.indexOf(';', s0); s1 >= 0 && s1 < end; s0 = s1 + 1, s1 = m.indexOf(';', s0)) {
    const stmt = m.slice(s0, s1);
    const refs = [...stmt.matchAll(/\b([a-z_]\w*)\.([a-z_]\w*)\b(?!\s*\()/g)].filter((r) => !/^(switchboard\w*|graphile_worker|pg_\w+|test)$/.test(r[1]));
    const cols = new Map();
    for (const r of refs) cols.set(r[1], new Set([...(cols.get(r[1]) ?? []), r[2]]));
    for (const r of refs) {
      const others = [...cols.get(r[1])].filter((c) => c !== r[2] && sameType(c, r[2])).sort();
      if (!others.length) continue;
      const other = others[(r.index + r[2].length) % others.length];
      yield_(mk('column', s0 + r.index, r[0], `${r[1]}.${other}`));
    }
    const ret = /\breturning\s+/i.exec(stmt);
    if (ret) {
      const from = ret.index + ret[0].length;
      const into = stmt.slice(from).search(/\binto\b|$/i);
      const list = stmt.slice(from, from + into);
      const items = [...list.matchAll(/[^,]+/g)].map((i) => ({ at: from + i.index, t: i[0] }));
      if (items.length > 1) {
        for (const [k, it] of items.entries()) {
          const lead = it.t.match(/^\s*/)[0].length;
          const own = it.t.trim().replace(/\s+as\s+\w+$/i, '');
          const alias = it.t.trim().match(/\s+as\s+(\w+)$/i)?.[1] ?? own.split('.').pop();
          const other = items[(k + 1) % items.length].t.trim().replace(/\s+as\s+\w+$/i, '');
          if (other === own || /[()*]/.test(own)) continue;
          yield_(mk('returning', s0 + it.at + lead, text.slice(s0 + it.at + lead, s0 + it.at + lead + own.length), `${other} as ${alias}`));
        }
      }
    }
  }
  return pending;
}

/** Every mechanical mutant of every function file under sql/functions/, in file order. */
export function generateMutants(root) {
  const dir = join(root, 'sql', 'functions');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.sql')).sort();
  const all = [];
  for (const f of files) {
    const text = readFileSync(join(dir, f), 'utf8');
    all.push(...mutantsOf(relative(dir, join(dir, f)), text));
  }
  return unique(all);
}

/** Every mechanical mutant of the function bodies of sql/proxy/ (ids proxy/<file>:…), in file order. */
export function generateProxyMutants(root) {
  const dir = join(root, 'sql', 'proxy');
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
  const all = [];
  for (const f of files) {
    all.push(...mutantsOf(`proxy/${f}`, readFileSync(join(dir, f), 'utf8'), functionBodies).map((x) => ({ ...x, proxy: true })));
  }
  return unique(all);
}

function unique(all) {
  const seen = new Set();
  return all.filter((x) => (seen.has(x.id) ? false : (seen.add(x.id), true)));
}

/** A reproducible sample of n (mulberry32 from the seed, Fisher-Yates). */
export function sample(list, n, seed) {
  let a = seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const xs = [...list];
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs.slice(0, n);
}

/** Equivalent mutants by id, with the reason: docs/mutation-equivalents.md lines "- `id`: reason". */
export function equivalents(root) {
  let text = '';
  try {
    text = readFileSync(join(root, 'docs', 'mutation-equivalents.md'), 'utf8');
  } catch {
    return new Map();
  }
  return new Map([...text.matchAll(/^- `([^`]+)`:\s*(.+)$/gm)].map((x) => [x[1], x[2].trim()]));
}
