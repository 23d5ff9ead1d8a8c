// The startup banner docs/operators.md shows is the one `switchboard start` prints (the same lines, sample values).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { bannerLines, embeddedWhere, passwordFileOf } from '../../src/cli/banner.js';

t.test('docs/operators.md shows the banner start prints', async (t) => {
  const page = readFileSync(new URL('../../docs/operators.md', import.meta.url), 'utf8');
  const sample = bannerLines({
    serverUrl: 'http://127.0.0.1:7400',
    databaseUrl: 'postgres://postgres:<password>@127.0.0.1:54329/switchboard',
    where: embeddedWhere('/home/me/switchboard/.data/pg'),
    passwordFile: passwordFileOf('/home/me/switchboard/.data/pg'),
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

t.test('the banner never prints a password: the embedded one is read from its file by the shell, an operator\'s is theirs', async (t) => {
  const secret = 'Zq3-secret_pw';
  const embedded = bannerLines({
    serverUrl: 'http://127.0.0.1:7400', databaseUrl: `postgres://postgres:${secret}@127.0.0.1:54329/switchboard`,
    where: embeddedWhere('/srv/sb/pg'), passwordFile: passwordFileOf('/srv/sb/pg'), self: 'switchboard',
  }).join('\n');
  t.notMatch(embedded, secret, 'the embedded superuser\'s password is not in it');
  t.match(embedded, 'postgres://postgres:***@127.0.0.1:54329/switchboard', 'the database line shows the URL without it');
  t.match(embedded, `export DATABASE_URL="postgres://postgres:$(cat '/srv/sb/pg/switchboard-superuser.password')@127.0.0.1:54329/switchboard"`,
    'the export line has the shell read it from the 0600 file');
  const given = bannerLines({
    serverUrl: 'http://127.0.0.1:7400', databaseUrl: `postgresql://sb_serve:${secret}@db.internal:5432/switchboard?sslmode=require`,
    where: 'DATABASE_URL', self: 'switchboard',
  }).join('\n');
  t.notMatch(given, secret, 'an operator\'s DATABASE_URL password is not in it either');
  t.match(given, 'postgresql://sb_serve:***@db.internal:5432/switchboard?sslmode=require', 'the URL is shown without it');
  t.match(given, '  export DATABASE_URL=...              # the DATABASE_URL this server was started with',
    'and the export line says to set it again, as the operator did');
  t.match(given, '  MCP (Streamable HTTP)  http://127.0.0.1:7400/mcp', 'the rest of the banner as before');
  for (const [url, shown] of [
    [`postgres://u:${secret}@h/db?password=${secret}&sslmode=require`, 'postgres://u:***@h/db?password=***&sslmode=require'],
    [`host='db1,db2' port=5432,5433 dbname='switchboard' user=u password='${secret} two' connect_timeout=5`,
      "host='db1,db2' port=5432,5433 dbname='switchboard' user=u password=*** connect_timeout=5"],
    [`host=db password = ${secret} user=u`, 'host=db password = *** user=u'],
    [`dbname=x options='-c search_path=a' password=${secret}`, "dbname=x options='-c search_path=a' password=***"],
    // Read as key=value (it does not start with a scheme), though a value holds one.
    [`host=h application_name=see://x password=${secret}`, 'host=h application_name=see://x password=***'],
    // A URL without a password: only its own userinfo is one, not something in its query.
    ['postgres://h/db?application_name=see://a:b@c', 'postgres://h/db?application_name=see://a:b@c'],
  ]) {
    const lines = bannerLines({ serverUrl: 'http://127.0.0.1:7400', databaseUrl: url, where: 'DATABASE_URL', self: 'switchboard' });
    t.equal(lines.find((l) => l.startsWith('  database ')), `  database               ${shown}  (DATABASE_URL)`,
      `the database line, without the password: ${shown}`);
  }
});

t.test('the export line, run by bash, sets the embedded URL whatever the data folder is called', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'sb-banner-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  const secret = 'Zq3-secret_pw';
  for (const name of ["it's mine", 'a "b" $HOME `id` \\ c', "''"]) {
    const dir = join(root, name);
    mkdirSync(dir);
    writeFileSync(passwordFileOf(dir), secret, { mode: 0o600 });
    const line = bannerLines({
      serverUrl: 'http://127.0.0.1:7400', databaseUrl: `postgres://postgres:${secret}@127.0.0.1:54329/switchboard`,
      where: embeddedWhere(dir), passwordFile: passwordFileOf(dir), self: 'switchboard',
    }).find((l) => l.includes('export DATABASE_URL='))!;
    t.notMatch(line, secret, `${JSON.stringify(name)}: the line holds no password`);
    const url = execFileSync('bash', ['-c', `${line}\nprintf %s "$DATABASE_URL"`], { encoding: 'utf8' });
    t.equal(url, `postgres://postgres:${secret}@127.0.0.1:54329/switchboard`, `${JSON.stringify(name)}: bash sets the URL with it`);
  }
});
