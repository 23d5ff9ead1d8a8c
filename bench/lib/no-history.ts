// The switchboard-no-history contender's functions, generated from the production ones: the same verb layer with the
// attempt-history spans (between `-- history{` and `-- history}` lines in sql/functions) cut out.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const OPEN = /^\s*-- history\{\s*$/;
const CLOSE = /^\s*-- history\}\s*$/;

/** One file's text without its history spans; throws on an unbalanced marker so a half-marked edit cannot pass. */
export function stripHistory(text: string, name = 'sql'): string {
  const out: string[] = [];
  let inside = false;
  text.split('\n').forEach((line, i) => {
    if (OPEN.test(line)) {
      if (inside) throw new Error(`${name}:${i + 1}: history{ inside history{`);
      inside = true;
    } else if (CLOSE.test(line)) {
      if (!inside) throw new Error(`${name}:${i + 1}: history} without history{`);
      inside = false;
    } else if (!inside) {
      out.push(line);
    }
  });
  if (inside) throw new Error(`${name}: history{ never closed`);
  return out.join('\n');
}

/** Every production function file that has history spans, stripped, as one script to apply over a migrated database. */
export function noHistorySql(root: string): { files: string[]; sql: string } {
  const dir = join(root, 'sql', 'functions');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .filter((f) => readFileSync(join(dir, f), 'utf8').split('\n').some((l) => OPEN.test(l)));
  return { files, sql: files.map((f) => stripHistory(readFileSync(join(dir, f), 'utf8'), f)).join('\n') };
}
