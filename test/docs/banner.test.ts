// The startup banner docs/operators.md shows is the one `switchboard start` prints (the same lines, sample values).
import { readFileSync } from 'node:fs';
import t from 'tap';
import { bannerLines, embeddedWhere } from '../../src/cli/banner.js';

t.test('docs/operators.md shows the banner start prints', async (t) => {
  const page = readFileSync(new URL('../../docs/operators.md', import.meta.url), 'utf8');
  const sample = bannerLines({
    serverUrl: 'http://127.0.0.1:7400',
    databaseUrl: 'postgres://postgres:<password>@127.0.0.1:54329/switchboard',
    where: embeddedWhere('/home/me/switchboard/.data/pg'),
    self: 'node dist/cli.js',
  });
  t.ok(page.includes(['```text', ...sample, '```'].join('\n')), 'the sample is the banner, line for line');
});

t.test('the sign-in command the banner prints names the server\'s real URL, or the public one', async (t) => {
  const facts = { databaseUrl: 'postgres://x', where: 'DATABASE_URL', self: 'switchboard' };
  const board = (lines: string[]) => lines.find((l) => l.includes('Board (for owners)'))!;
  t.match(board(bannerLines({ ...facts, serverUrl: 'http://127.0.0.1:43117' })),
    'http://127.0.0.1:43117/board  (sign in: switchboard owner login <handle> --url http://127.0.0.1:43117)', 'a port other than 7400');
  t.match(board(bannerLines({ ...facts, serverUrl: 'http://127.0.0.1:43117', publicUrl: 'https://switchboard.example' })),
    'https://switchboard.example/board  (sign in: switchboard owner login <handle> --url https://switchboard.example)', 'a public URL');
});
