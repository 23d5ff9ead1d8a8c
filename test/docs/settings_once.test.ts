// Every setting appears once in the manual: in docs/settings.md, the table generated from src/config.ts and
// switchboard.settings_in_force(), and in no other page's table, where a second wording would drift from it.
import { readdirSync, readFileSync } from 'node:fs';
import t from 'tap';
import { CONFIG_SCHEMA } from '../../src/config.js';
import { freshDatabase } from '../helpers/db.js';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const pages = ['README.md', ...readdirSync(new URL('docs/', root), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.md') && f !== 'settings.md').map((f) => `docs/${f}`)];
/** The names in a page's table rows: a first cell that is one backticked word. */
const rowNames = (text: string) => [...text.matchAll(/^\| `([A-Za-z][A-Za-z0-9_]*)` \|/gm)].map((m) => m[1]);

t.test('docs/settings.md lists every environment variable and every database setting, once each', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const keys = (await db.sql<{ key: string }[]>`select key from switchboard.settings_in_force()`).map((r) => r.key);
  const listed = rowNames(read('docs/settings.md'));
  t.same([...listed].sort(), [...Object.keys(CONFIG_SCHEMA.shape), ...keys].sort(), 'one row per setting, nothing else');
});

t.test('no other page keeps a table row of its own for a setting', async (t) => {
  const settings = new Set(rowNames(read('docs/settings.md')));
  for (const page of pages) {
    t.same(rowNames(read(page)).filter((n) => settings.has(n)), [], `${page}: settings are linked, not listed again`);
  }
});
