// `switchboard queue …` and `switchboard schedule …` as an owner runs them: pause, resume, limits and list of a
// personal queue, and of a team's queue by an admin (a member who is not one is refused); an endpoint's schedules
// added, listed and removed. Each is one call of the admin API, checked in the database.
import t from 'tap';
import { freshDatabase } from '../helpers/db.js';
import { runCli } from './run.js';

t.test('--help works on every queue command and exits 0', async (t) => {
  for (const cmd of [['queue'], ['queue', 'pause'], ['queue', 'resume'], ['queue', 'limits'], ['queue', 'list']]) {
    const r = await runCli([...cmd, '--help']);
    t.equal(r.code, 0, `${cmd.join(' ')} --help exits 0`);
    t.match(r.stdout, /^Usage: switchboard queue/, `${cmd.join(' ')} --help prints usage`);
  }
});

t.test('queue pause, resume, limits and list', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const env = { DATABASE_URL: db.url };
  for (const h of ['ana', 'ben']) t.equal((await runCli(['owner', 'add', h], env)).code, 0, `owner ${h}`);

  const paused = await runCli(['queue', 'pause', 'deploy', '--owner', 'ana'], env);
  t.equal(paused.code, 0, paused.stderr);
  t.equal(paused.stdout, 'deploy: paused, max_claimed none, claims_per_minute none\n');
  const limited = await runCli(['queue', 'limits', 'deploy', '--owner', 'ana', '--max-claimed', '3', '--claims-per-minute', '60'], env);
  t.equal(limited.stdout, 'deploy: paused, max_claimed 3, claims_per_minute 60\n');
  const [row] = await db.sql`select paused, max_claimed, claims_per_minute from switchboard.queue_controls where queue = 'deploy'`;
  t.same({ ...row }, { paused: true, max_claimed: 3, claims_per_minute: 60 }, 'stored');
  t.equal((await runCli(['queue', 'resume', 'deploy', '--owner', 'ana'], env)).stdout, 'deploy: running, max_claimed 3, claims_per_minute 60\n');
  t.equal((await runCli(['queue', 'list', '--owner', 'ana'], env)).stdout, 'deploy: running, max_claimed 3, claims_per_minute 60\n');
  t.equal((await runCli(['queue', 'list', '--owner', 'ben'], env)).stdout, 'no queue controls set\n', "another owner sees none of ana's");
  const lifted = await runCli(['queue', 'limits', 'deploy', '--owner', 'ana'], env);
  t.equal(lifted.stdout, 'deploy: running, max_claimed none, claims_per_minute none\n', 'no limits given: both lifted');
  const [{ n }] = await db.sql`select count(*)::int as n from switchboard.queue_controls`;
  t.equal(n, 0, 'and the queue has no controls left');

  t.equal((await runCli(['team', 'add', 'core', '--admin', 'ana'], env)).code, 0);
  t.equal((await runCli(['team', 'member', 'add', 'core', 'ben'], env)).code, 0);
  const team = await runCli(['queue', 'pause', 'tq', '--owner', 'ana', '--team', 'core', '--json'], env);
  t.equal(JSON.parse(team.stdout).paused, true, "an admin pauses the team's queue");
  const member = await runCli(['queue', 'resume', 'tq', '--owner', 'ben', '--team', 'core'], env);
  t.equal(member.code, 1, 'a member who is not an admin: refused');
  t.match(member.stderr, /^switchboard: forbidden: /);
  const bad = await runCli(['queue', 'limits', 'deploy', '--owner', 'ana', '--max-claimed', 'lots'], env);
  t.match(bad.stderr, /invalid: max-claimed must be a whole number/);
});

t.test('schedule add, list and remove', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const env = { DATABASE_URL: db.url };
  const [{ id: ana }] = await db.sql`select switchboard.add_owner('ana')->>'owner_id' as id`;
  const [{ id: ep }] = await db.sql`select switchboard.vend_endpoint(${ana}::uuid, 'triager')->>'endpoint_id' as id`;
  for (const cmd of [['schedule'], ['schedule', 'add'], ['schedule', 'list'], ['schedule', 'remove']]) {
    t.equal((await runCli([...cmd, '--help'])).code, 0, `${cmd.join(' ')} --help exits 0`);
  }
  const add = await runCli(['schedule', 'add', ep, 'triage', '0 9 * * 1-5', '--payload', '{"what": "issues"}', '--time-zone', 'Europe/Paris', '--json'], env);
  t.equal(add.code, 0, add.stderr);
  const s = JSON.parse(add.stdout);
  t.same([s.queue, s.cron, s.time_zone, s.payload], ['triage', '0 9 * * 1-5', 'Europe/Paris', { what: 'issues' }], 'stored as given');
  t.match((await runCli(['schedule', 'list', ep], env)).stdout, new RegExp(`^${s.schedule_id}  triage  "0 9 \\* \\* 1-5" Europe/Paris  next `));
  const bad = await runCli(['schedule', 'add', ep, 'triage', '0 9 * *'], env);
  t.equal(bad.code, 1, 'four fields: a ledger refusal, exit 1');
  t.match(bad.stderr, /^switchboard: invalid: cron must have five fields/);
  t.equal((await runCli(['schedule', 'remove', ep, s.schedule_id], env)).stdout, `schedule ${s.schedule_id} removed\n`);
  t.equal((await runCli(['schedule', 'list', ep], env)).stdout, 'no schedules\n');
});
