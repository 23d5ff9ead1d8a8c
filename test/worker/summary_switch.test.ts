// `switchboard serve` writes SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT into the setting attempt_summary_from_result
// only when the variable is set, and logs that it did; unset, a DBA's choice made in psql survives a restart.
import { spawn } from 'node:child_process';
import t from 'tap';
import { CLI } from '../cli/run.js';
import { freshDatabase } from '../helpers/db.js';

/** Runs `serve --no-worker` on url until it listens, then SIGTERMs it; returns its log lines. */
async function serveOnce(url: string, env: Record<string, string>): Promise<Array<Record<string, unknown>>> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--no-worker'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
    if (out.includes('"switchboard listening"')) child.kill('SIGTERM');
  });
  child.stderr.on('data', (d) => (out += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000); // bounded, should it never listen
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  clearTimeout(timer);
  t.equal(code, 0, 'serve started and stopped cleanly', { out });
  return out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
}

t.test('serve applies SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT only when set, and says so', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const setting = async () =>
    (await db.sql`select value from switchboard.settings where key = 'attempt_summary_from_result'`)[0].value;
  const applied = (logs: Array<Record<string, unknown>>) => logs.filter((l) => l.setting === 'attempt_summary_from_result');

  // A DBA turns it on in psql; a restart without the variable leaves it on, and logs nothing about it.
  await db.sql`update switchboard.settings set value = 'true' where key = 'attempt_summary_from_result'`;
  const quiet = await serveOnce(db.url, {});
  t.equal(await setting(), 'true', "unset: the DBA's choice survives a start");
  t.same(applied(quiet), [], 'and no line claims the environment set it');

  // The operator sets the variable: it wins, and the log says what was written.
  const loud = await serveOnce(db.url, { SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT: 'false' });
  t.equal(await setting(), 'false', 'set to false: written at start');
  t.match(applied(loud), [{ level: 30, value: false, msg: /SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT is set: wrote attempt_summary_from_result = false/ }],
    'one info line says the environment wrote the setting');

  const on = await serveOnce(db.url, { SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT: 'true' });
  t.equal(await setting(), 'true', 'set to true: written');
  t.match(applied(on), [{ value: true }], 'and logged');
});
