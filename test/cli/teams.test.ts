// `switchboard team …` as a user runs it: a team with its first admin, members added and removed (the last admin
// stays), a team queue, the list (all, or an owner's), and `endpoint vend --team` (only an admin of the team vends in
// it; anyone else gets the answer an unknown team gets). Each is one call of the admin API, checked in the database.
import t from 'tap';
import { freshDatabase } from '../helpers/db.js';
import { runCli } from './run.js';

t.test('--help works on every team command and exits 0', async (t) => {
  for (const cmd of [['team'], ['team', 'add'], ['team', 'member'], ['team', 'member', 'add'], ['team', 'member', 'remove'],
    ['team', 'queue'], ['team', 'queue', 'add'], ['team', 'list']]) {
    const r = await runCli([...cmd, '--help']);
    t.equal(r.code, 0, `${cmd.join(' ')} --help exits 0`);
    t.match(r.stdout, /^Usage: switchboard team/, `${cmd.join(' ')} --help prints usage`);
  }
  t.match((await runCli(['endpoint', 'vend', '--help'])).stdout, /--team <team>/, 'endpoint vend takes --team');
});

t.test('team add, member add and remove, queue add, list, and endpoint vend --team', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const env = { DATABASE_URL: db.url };
  for (const h of ['ana', 'ben', 'cy']) t.equal((await runCli(['owner', 'add', h], env)).code, 0, `owner ${h}`);

  const add = await runCli(['team', 'add', 'core', '--admin', 'ana', '--json'], env);
  t.equal(add.code, 0, add.stderr);
  const team = JSON.parse(add.stdout);
  t.equal(team.name, 'core');
  const [{ n: admins }] = await db.sql`select count(*)::int as n from switchboard.team_members
                                        where team_id = ${team.id}::uuid and role = 'admin'`;
  t.equal(admins, 1, 'the team has its admin');

  const ben = await runCli(['team', 'member', 'add', 'core', 'ben'], env);
  t.equal(ben.code, 0, ben.stderr);
  t.equal(ben.stdout, `ben is a member of team ${team.id}\n`, 'a team named by its name; ben is a member');
  const cyAdmin = await runCli(['team', 'member', 'add', team.id, 'cy', '--role', 'admin'], env);
  t.equal(cyAdmin.stdout, `cy is an admin of team ${team.id}\n`, 'by its id; cy an admin');
  const badRole = await runCli(['team', 'member', 'add', 'core', 'ben', '--role', 'boss'], env);
  t.equal(badRole.code, 1, 'an unknown role: a ledger refusal, exit 1');
  t.match(badRole.stderr, /^switchboard: invalid: /);
  const nobody = await runCli(['team', 'member', 'add', 'core', 'nobody'], env);
  t.equal(nobody.code, 1);
  t.match(nobody.stderr, /no owner with handle nobody\n {2}Add the owner first: switchboard owner add nobody\n$/, 'an unknown owner: the CLI hint');

  const queue = await runCli(['team', 'queue', 'add', 'core', 'builds'], env);
  t.equal(queue.stdout, `queue builds is a team queue of team ${team.id}\n`);
  t.equal((await runCli(['team', 'queue', 'add', 'core', 'builds'], env)).code, 0, 'again: idempotent');

  const vend = await runCli(['endpoint', 'vend', '--owner', 'ana', '--agent', 'worker-1', '--team', 'core',
    '--verbs', 'claim_next,complete', '--json'], env);
  t.equal(vend.code, 0, vend.stderr);
  const ep = JSON.parse(vend.stdout);
  t.equal(ep.team_id, team.id, 'the endpoint is vended in the team');
  t.match(ep.credential, /^sbk_[0-9a-f]{64}$/, 'its credential shown once');
  const byMember = await runCli(['endpoint', 'vend', '--owner', 'ben', '--agent', 'sneaky', '--team', team.id], env);
  t.equal(byMember.code, 1, 'a member (not an admin) vends nothing in the team');
  t.match(byMember.stderr, /^switchboard: not_found: .*\n {2}switchboard team list --owner ben shows the teams ben is in/);
  const unknownId = '00000000-0000-4000-8000-000000000000';
  const unknown = await runCli(['endpoint', 'vend', '--owner', 'ben', '--agent', 'sneaky', '--team', unknownId], env);
  t.equal(byMember.stderr.replaceAll(team.id, '<id>'), unknown.stderr.replaceAll(unknownId, '<id>'),
    'and is told exactly what an unknown team would tell it');
  const [{ n: sneaky }] = await db.sql`select count(*)::int as n from switchboard.endpoints where agent_id = 'sneaky'`;
  t.equal(sneaky, 0, 'nothing was vended');

  const list = await runCli(['team', 'list'], env);
  t.equal(list.code, 0, list.stderr);
  t.match(list.stdout, new RegExp(`^${team.id}  core\\n  members: +ana \\(admin\\), cy \\(admin\\), ben \\(member\\)\\n` +
    '  queues: +builds\\n  endpoints: worker-1 \\(clocked in\\)\\n$'), 'the list says who, which queues and which endpoints');
  const mine = JSON.parse((await runCli(['team', 'list', '--owner', 'ben', '--json'], env)).stdout);
  t.same(mine.teams.map((x: { id: string; role: string }) => [x.id, x.role]), [[team.id, 'member']], "ben's teams, with his role");

  const remove = await runCli(['team', 'member', 'remove', 'core', 'ben'], env);
  t.equal(remove.stdout, `ben removed from team ${team.id}; 0 team endpoint(s) it vended revoked\n`);
  t.equal((await runCli(['team', 'list', '--owner', 'ben'], env)).stdout, 'no teams\n', 'ben is in no team');
  const cys = await runCli(['endpoint', 'vend', '--owner', 'cy', '--agent', 'cy-worker', '--team', 'core', '--json'], env);
  t.equal(cys.code, 0, cys.stderr);
  const cyRemoved = await runCli(['team', 'member', 'remove', 'core', 'cy'], env);
  t.equal(cyRemoved.code, 0, 'one of two admins may go');
  t.equal(cyRemoved.stdout, `cy removed from team ${team.id}; 1 team endpoint(s) it vended revoked\n`, 'and the endpoint cy vended goes with cy');
  const [{ gone }] = await db.sql`select revoked_at is not null as gone from switchboard.endpoints
                                   where id = ${JSON.parse(cys.stdout).endpoint_id}::uuid`;
  t.equal(gone, true, 'revoked');
  const last = await runCli(['team', 'member', 'remove', 'core', 'ana'], env);
  t.equal(last.code, 1, 'the last admin stays');
  t.match(last.stderr, /^switchboard: conflict: /);

  t.equal((await runCli(['team', 'add', 'core', '--admin', 'ben'], env)).code, 0, 'a second team named core');
  const ambiguous = await runCli(['team', 'queue', 'add', 'core', 'x'], env);
  t.equal(ambiguous.code, 1, 'a name two teams share names neither');
  t.match(ambiguous.stderr, /^switchboard: invalid: 2 teams are named core\n {2}Name the team by its id/);
  const none = await runCli(['team', 'queue', 'add', 'nope', 'x'], env);
  t.match(none.stderr, /^switchboard: not_found: no team named nope\n/, 'an unknown name: not_found');
});
