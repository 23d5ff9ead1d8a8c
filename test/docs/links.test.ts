// Every relative link of the README and docs/ reaches a file that exists, and a #section of a page a heading it has.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pages = ['README.md', ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.md')).map((f) => join('docs', f))];

/** A page's text outside fenced code blocks (a `# comment` in a shell block is not a heading). */
function prose(text: string): string {
  return text.split(/^```.*$/m).filter((_, i) => i % 2 === 0).join('\n');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2 … */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = heading.replace(/`/g, '').toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

t.test('anchors are GitHub\'s', async (t) => {
  t.same([...anchors('# Teams: a queue a whole team shares\n## `x.y` and z\n## A\n## A\n```\n# not one\n```\n')],
    ['teams-a-queue-a-whole-team-shares', 'xy-and-z', 'a', 'a-1']);
});

t.test('every relative link reaches a file, and every #section a heading of that page', async (t) => {
  for (const page of pages) {
    const text = readFileSync(join(root, page), 'utf8');
    for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue; // https:, mailto: …
      const [path, section] = target.split('#');
      const file = path ? normalize(join(dirname(page), path)) : page;
      if (!existsSync(join(root, file))) {
        t.fail(`${page}: ${target} (no ${file})`);
        continue;
      }
      if (section !== undefined && file.endsWith('.md')) {
        t.ok(anchors(readFileSync(join(root, file), 'utf8')).has(section), `${page}: ${target} names a heading of ${file}`);
      }
    }
  }
});
