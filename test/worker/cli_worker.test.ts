// `switchboard worker` (the built CLI) runs the worker alone: it reaps a lapsed lease, logs it, and stops cleanly
// on SIGTERM.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { freshDatabase } from '../helpers/db.js';
import { until } from './helpers.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

t.test('switchboard worker reaps on its own and exits 0 on SIGTERM', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const [{ ep }] = await db.sql`select switchboard.vend_endpoint((switchboard.add_owner('alice')->>'owner_id')::uuid, 'bot')
                                  ->>'endpoint_id' as ep`;
  await db.sql`select switchboard.add_todo(endpoint_id => ${ep}::uuid, queue => 'builds'::text)`;
  await db.sql`select switchboard.claim_next(endpoint_id => ${ep}::uuid, queue => 'builds'::text, lease_seconds => 1)`;

  const child = spawn(process.execPath, [CLI, 'worker'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: db.url, SWITCHBOARD_REAP_INTERVAL: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  t.teardown(() => child.kill('SIGKILL'));

  await until(async () => out.includes('"attempts_reaped":1'), 'the worker to reap and log it');
  const [{ state }] = await db.sql`select state from switchboard.todos`;
  t.equal(state, 'pending', 'the lapsed lease was reaped and the todo re-queued');
  child.kill('SIGTERM');
  t.equal(await exited, 0, 'SIGTERM stops it with status 0');
  t.match(out, /"msg":"worker stopped"/, 'after saying so');
  t.notMatch(out, /postgres:\/\//, 'the database URL is never logged');
});
