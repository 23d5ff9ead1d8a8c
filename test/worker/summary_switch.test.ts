// `switchboard migrate` (the command holding the admin API) writes SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT into the
// setting attempt_summary_from_result only when the variable is set, and logs that it did; unset, a DBA's choice made
// in psql survives. `serve` never writes it (instance settings are the admin's) and says so when it is set.
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

/** Runs `migrate` on url with env; returns its log lines. */
async function migrateOnce(url: string, env: Record<string, string>): Promise<Array<Record<string, unknown>>> {
  const child = spawn(process.execPath, [CLI, 'migrate'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: url, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  t.equal(code, 0, 'migrate ran', { out });
  return out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
}

t.test('migrate applies SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT only when set, and says so; serve never does', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const setting = async () =>
    (await db.sql`select value from switchboard.settings where key = 'attempt_summary_from_result'`)[0].value;
  const applied = (logs: Array<Record<string, unknown>>) => logs.filter((l) => l.setting === 'attempt_summary_from_result');

  // A DBA turns it on in psql; a migrate without the variable leaves it on, and logs nothing about it.
  await db.sql`update switchboard.settings set value = 'true' where key = 'attempt_summary_from_result'`;
  const quiet = await migrateOnce(db.url, {});
  t.equal(await setting(), 'true', "unset: the DBA's choice survives a migrate");
  t.same(applied(quiet), [], 'and no line claims the environment set it');

  // The operator sets the variable: it wins, and the log says what was written.
  const loud = await migrateOnce(db.url, { SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT: 'false' });
  t.equal(await setting(), 'false', 'set to false: written by migrate');
  t.match(applied(loud), [{ level: 30, value: false, msg: /SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT is set: wrote attempt_summary_from_result = false/ }],
    'one info line says the environment wrote the setting');

  // serve, with the variable saying otherwise, leaves the setting alone and says who writes it.
  const served = await serveOnce(db.url, { SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT: 'true' });
  t.equal(await setting(), 'false', 'serve does not write it');
  t.match(served.filter((l) => l.setting === 'attempt_summary_from_result'),
    [{ level: 40, msg: /written by `switchboard migrate`.*serve leaves the setting/ }], 'and one warning says where it takes effect');
});
