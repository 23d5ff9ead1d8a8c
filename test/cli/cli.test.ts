// The `switchboard` CLI as a user runs it: --help everywhere, config errors, owner and endpoint management.
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import t from 'tap';
import { freshDatabase } from '../helpers/db.js';
import { runCli } from './run.js';

t.test('--help works on every command and exits 0', async (t) => {
  for (const cmd of [[], ['serve'], ['start'], ['mcp'], ['migrate'], ['owner'], ['owner', 'add'], ['endpoint'],
    ['endpoint', 'vend'], ['endpoint', 'revoke'], ['endpoint', 'rotate'], ['endpoint', 'list'], ['endpoint', 'admission'], ['endpoint', 'default-queue']]) {
    const r = await runCli([...cmd, '--help']);
    t.equal(r.code, 0, `${cmd.join(' ') || 'switchboard'} --help exits 0`);
    t.match(r.stdout, /^Usage: switchboard/, `${cmd.join(' ') || 'switchboard'} --help prints usage`);
  }
  const bad = await runCli(['frobnicate']);
  t.equal(bad.code, 2, 'an unknown command exits 2');
  t.match(bad.stderr, /unknown command/);
});

t.test('a bad configuration value exits 2 with one line naming the variable', async (t) => {
  const cases: [Record<string, string>, string[], RegExp][] = [
    [{ SWITCHBOARD_PORT: 'seventy' }, ['serve'], /^switchboard: SWITCHBOARD_PORT: .+\n$/],
    [{ DATABASE_URL: 'mysql://x' }, ['migrate'], /^switchboard: DATABASE_URL: .+\n$/],
    [{ LOG_LEVEL: 'loud', DATABASE_URL: 'postgres://x@127.0.0.1/x' }, ['serve'], /^switchboard: LOG_LEVEL: must be one of .+\n$/],
    [{ SWITCHBOARD_PG_PORT: '70000' }, ['start'], /^switchboard: SWITCHBOARD_PG_PORT: .+\n$/],
    [{}, ['serve'], /^switchboard: DATABASE_URL: required.*\n$/],
    [{ DATABASE_URL: 'postgres://x@127.0.0.1/x' }, ['mcp'], /^switchboard: SWITCHBOARD_CREDENTIAL: required.*\n$/],
    // One loader for every process: the worker's settings are read, and named, like the server's.
    [{ DATABASE_URL: 'postgres://x@127.0.0.1/x', SWITCHBOARD_REAP_INTERVAL: 'often' }, ['worker'],
      /^switchboard: SWITCHBOARD_REAP_INTERVAL: must be a number\n$/],
    [{ DATABASE_URL: 'postgres://x@127.0.0.1/x', SWITCHBOARD_NOTIFY_URL: 'ftp://x' }, ['serve'],
      /^switchboard: SWITCHBOARD_NOTIFY_URL: must be an http:\/\/ or https:\/\/ URL\n$/],
  ];
  for (const [env, args, line] of cases) {
    const r = await runCli(args, env);
    t.equal(r.code, 2, `${Object.keys(env).join(',') || 'nothing set'}: exit 2`);
    t.match(r.stderr, line, `${args[0]}: one line naming the variable`);
  }
  t.equal((await runCli(['serve', '--port', 'x'], { DATABASE_URL: 'postgres://x@127.0.0.1/x' })).code, 2, 'a bad --port: 2');
});

t.test('owner add, endpoint vend (credential once, MCP config), list and revoke', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const env = { DATABASE_URL: db.url };

  const owner = await runCli(['owner', 'add', 'alice'], env);
  t.equal(owner.code, 0);
  t.match(owner.stdout, /^owner alice added \([0-9a-f-]{36}\)\n$/);
  const dup = await runCli(['owner', 'add', 'ALICE'], env);
  t.equal(dup.code, 1, 'a ledger error exits 1');
  t.match(dup.stderr, /^switchboard: conflict: the handle ALICE is taken\n {2}Choose another handle\.\n$/);

  const vend = await runCli(['endpoint', 'vend', '--owner', 'alice', '--agent', 'builder', '--verbs', 'claim_next,complete',
    '--url', 'http://127.0.0.1:7999/mcp'], env);
  t.equal(vend.code, 0, vend.stderr);
  const credential = /^ {2}(sbk_[0-9a-f]{64})$/m.exec(vend.stdout)?.[1];
  t.ok(credential, 'the credential is printed');
  t.match(vend.stdout, /verbs: claim_next, complete/);
  const json = vend.stdout.slice(vend.stdout.indexOf('{'), vend.stdout.indexOf('\n}\n') + 2);
  t.same(JSON.parse(json), {
    mcpServers: { switchboard: { type: 'http', url: 'http://127.0.0.1:7999/mcp', headers: { Authorization: `Bearer ${credential}` } } },
  }, 'an MCP client config with the bearer credential');
  const stdioJson = vend.stdout.slice(vend.stdout.indexOf('{', vend.stdout.indexOf('over stdio')));
  t.same(JSON.parse(stdioJson).mcpServers.switchboard.env, { SWITCHBOARD_URL: 'http://127.0.0.1:7999/mcp', SWITCHBOARD_CREDENTIAL: credential },
    'and a stdio config holding only the server URL and the credential');
  t.notMatch(vend.stdout, /postgres(ql)?:\/\//, 'no database URL is printed');
  t.notOk(vend.stdout.includes(new URL(db.url).password || '\u0000'), 'nor any database password');
  t.notMatch(vend.stdout, /DATABASE_URL|PGPASSWORD|password/i, 'nor a database setting');
  const [auth] = await db.sql`select switchboard.authenticate(${credential!}) as doc`;
  t.same(auth.doc.verbs, ['claim_next', 'complete'], 'the printed credential authenticates');

  const builderId: string = auth.doc.endpoint_id;
  const rotate = await runCli(['endpoint', 'rotate', '--owner', 'alice', '--overlap', '60', builderId], env);
  t.equal(rotate.code, 0, rotate.stderr);
  const rotated = /^ {2}(sbk_[0-9a-f]{64})$/m.exec(rotate.stdout)?.[1];
  t.ok(rotated && rotated !== credential, 'rotate prints a new credential');
  t.match(rotate.stdout, /the replaced credential works until \S+Z/);
  const [again] = await db.sql`select switchboard.authenticate(${rotated!}) as doc`;
  t.equal(again.doc.endpoint_id, builderId, 'the new credential names the same endpoint');
  const [old] = await db.sql`select switchboard.authenticate(${credential!}) as doc`;
  t.equal(old.doc.endpoint_id, builderId, 'the old one works during the overlap');
  const badOverlap = await runCli(['endpoint', 'rotate', '--owner', 'alice', '--overlap', 'soon', builderId], env);
  t.equal(badOverlap.code, 2, 'a non-numeric --overlap is a usage error');

  const asJson = await runCli(['endpoint', 'vend', '--owner', 'alice', '--agent', 'reader', '--verbs', 'list_todos', '--json'], env);
  const reader = JSON.parse(asJson.stdout);
  t.match(reader, { agent_id: 'reader', verbs: ['list_todos'], credential: /^sbk_/ });

  const list = await runCli(['endpoint', 'list', '--owner', 'alice'], env);
  t.equal(list.code, 0);
  t.equal(list.stdout.trim().split('\n').length, 2, 'two endpoints');
  t.notMatch(list.stdout, /sbk_/, 'list never shows a credential');

  const revoke = await runCli(['endpoint', 'revoke', '--owner', 'alice', reader.endpoint_id], env);
  t.equal(revoke.code, 0, revoke.stderr);
  t.match(revoke.stdout, new RegExp(`^endpoint ${reader.endpoint_id} revoked at \\S+; 0 claimed todo\\(s\\) dead-lettered\\n$`));
  const listed = JSON.parse((await runCli(['endpoint', 'list', '--owner', 'alice', '--json'], env)).stdout);
  t.match(listed.endpoints.find((e: { endpoint_id: string }) => e.endpoint_id === reader.endpoint_id), { revoked_at: String });

  const bob = await runCli(['owner', 'add', 'bob', '--json'], env);
  t.equal(bob.code, 0);
  const foreign = await runCli(['endpoint', 'revoke', '--owner', 'bob', JSON.parse(asJson.stdout).endpoint_id], env);
  t.equal(foreign.code, 1);
  t.match(foreign.stderr, /^switchboard: not_found: no endpoint/, "bob cannot revoke alice's endpoint");
  const nobody = await runCli(['endpoint', 'list', '--owner', 'carol'], env);
  t.match(nobody.stderr, /^switchboard: not_found: no owner with handle carol/);
  const missing = await runCli(['endpoint', 'vend', '--owner', 'alice'], env);
  t.equal(missing.code, 2, 'a missing required option is a usage error');
  t.match(missing.stderr, /--agent/);
});

t.test('endpoint admission sets, shows and lifts a claim budget; bad usage exits 2, a ledger refusal 1', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const env = { DATABASE_URL: db.url };
  await runCli(['owner', 'add', 'alice'], env);
  const ep = JSON.parse((await runCli(['endpoint', 'vend', '--owner', 'alice', '--agent', 'b', '--json'], env)).stdout).endpoint_id;

  const set = await runCli(['endpoint', 'admission', ep, '--claims-per-minute', '30', '--burst', '5'], env);
  t.equal(set.code, 0, set.stderr);
  t.equal(set.stdout.trim(), `endpoint ${ep}: 30 claims a minute, burst 5 (5 available now)`);
  const [row] = await db.sql`select claims_per_minute, burst from switchboard.endpoint_admission where endpoint_id = ${ep}::uuid`;
  t.same(row, { claims_per_minute: 30, burst: 5 }, 'stored');
  const json = JSON.parse((await runCli(['endpoint', 'admission', ep, '--claims-per-minute', '10', '--json'], env)).stdout);
  t.match(json, { endpoint_id: ep, claims_per_minute: 10, burst: 10 }, '--json; burst defaults to the rate');
  const off = await runCli(['endpoint', 'admission', ep, '--off'], env);
  t.equal(off.stdout.trim(), `endpoint ${ep}: no claim budget (claims are not limited)`);
  t.equal((await db.sql`select count(*)::int as n from switchboard.endpoint_admission`)[0].n, 0, 'lifted');

  for (const args of [[], ['--claims-per-minute', 'x'], ['--off', '--burst', '3'], ['--off', '--claims-per-minute', '3']]) {
    const r = await runCli(['endpoint', 'admission', ep, ...args], env);
    t.equal(r.code, 2, `${args.join(' ') || 'no option'}: usage error, exit 2`);
    t.match(r.stderr, /error: /);
  }
  const zero = await runCli(['endpoint', 'admission', ep, '--claims-per-minute', '0'], env);
  t.equal(zero.code, 1, 'out of range: the ledger refuses, exit 1');
  t.match(zero.stderr, /^switchboard: invalid: claims_per_minute and burst must be between 1 and 1000000/);
});

t.test('endpoint default-queue sets and clears where a requester\'s message naming no queue goes', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const env = { DATABASE_URL: db.url };
  await runCli(['owner', 'add', 'alice'], env);
  await runCli(['owner', 'add', 'bob'], env);
  const ep = JSON.parse((await runCli(['endpoint', 'vend', '--owner', 'alice', '--agent', 'requester', '--json'], env)).stdout).endpoint_id;
  const set = await runCli(['endpoint', 'default-queue', '--owner', 'alice', ep, 'inbox'], env);
  t.equal(set.code, 0, set.stderr);
  t.equal(set.stdout.trim(), `endpoint ${ep}: default queue inbox`);
  t.equal((await db.sql`select default_queue from switchboard.endpoints where id = ${ep}::uuid`)[0].default_queue, 'inbox', 'stored');
  const foreign = await runCli(['endpoint', 'default-queue', '--owner', 'bob', ep, 'x'], env);
  t.equal(foreign.code, 1, 'another owner\'s endpoint: not_found, exit 1');
  t.match(foreign.stderr, /^switchboard: not_found/);
  const bad = await runCli(['endpoint', 'default-queue', '--owner', 'alice', ep, 'no spaces'], env);
  t.match(bad.stderr, /^switchboard: invalid: queue/, 'a malformed queue is invalid');
  const clear = await runCli(['endpoint', 'default-queue', '--owner', 'alice', ep, '--clear'], env);
  t.equal(clear.stdout.trim(), `endpoint ${ep}: no default queue`);
  t.equal((await runCli(['endpoint', 'default-queue', '--owner', 'alice', ep], env)).code, 2, 'neither a queue nor --clear: usage error');
});

t.test('migrate runs twice without changes', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const r = await runCli(['migrate', '--quiet'], { DATABASE_URL: db.url });
  t.equal(r.code, 0, r.stderr);
  t.equal(r.stderr, '');
});

t.test('a busy port stops start and serve at once, naming the port and its setting, before any Postgres starts', async (t) => {
  const busy = createServer();
  await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done));
  t.teardown(() => new Promise<void>((done) => busy.close(() => done())));
  const port = String((busy.address() as AddressInfo).port);
  const parent = await mkdtemp(join(tmpdir(), 'sb-busy-'));
  await chmod(parent, 0o755); // reachable by the postgres user, so only the port can stop start here
  const dataDir = join(parent, 'pg');
  t.teardown(() => rm(dirname(dataDir), { recursive: true, force: true }));

  const start = await runCli(['start'], { SWITCHBOARD_PORT: port, SWITCHBOARD_DATA_DIR: dataDir });
  t.equal(start.code, 2, 'start: a configuration error, exit 2');
  t.match(start.stderr, new RegExp(`^switchboard: SWITCHBOARD_PORT: ${port} on 127\\.0\\.0\\.1 is in use.*--port.*\\n$`),
    'one line: which port, which setting');
  t.notOk(existsSync(dataDir), 'no embedded Postgres was initialised first');

  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const serve = await runCli(['serve', '--port', port], { DATABASE_URL: db.url });
  t.equal(serve.code, 2, 'serve: exit 2');
  t.match(serve.stderr, new RegExp(`^switchboard: SWITCHBOARD_PORT: ${port} on 127\\.0\\.0\\.1 is in use`), 'serve says the same');
  t.notMatch(serve.stderr, /EADDRINUSE/, 'not the raw system error');
});

t.test("the CLI's hints name CLI commands, not SQL functions", async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const env = { DATABASE_URL: db.url };
  const sqlName = /\b(add_owner|vend_endpoint|list_endpoints|owner_login_token|find_owner)\b/;

  const login = await runCli(['owner', 'login', 'carol'], env);
  t.equal(login.code, 1);
  t.match(login.stderr, /^switchboard: not_found: no owner with handle carol\n {2}Add the owner first: switchboard owner add carol\n$/);
  const vend = await runCli(['endpoint', 'vend', '--owner', 'carol', '--agent', 'b'], env);
  t.match(vend.stderr, /\n {2}Add the owner first: switchboard owner add carol\n$/, 'vend for an unknown owner');
  t.notMatch(login.stderr + vend.stderr, sqlName, 'no SQL function named');

  await runCli(['owner', 'add', 'alice'], env);
  const unknown = '00000000-0000-4000-8000-000000000000';
  for (const cmd of [['revoke'], ['rotate']]) {
    const r = await runCli(['endpoint', ...cmd, '--owner', 'alice', unknown], env);
    t.equal(r.code, 1);
    t.match(r.stderr, /\n {2}switchboard endpoint list --owner alice shows the endpoints alice vended\.\n$/, `${cmd[0]}: a CLI hint`);
    t.notMatch(r.stderr, sqlName, `${cmd[0]}: no SQL function named`);
  }
  const admission = await runCli(['endpoint', 'admission', unknown, '--claims-per-minute', '5'], env);
  t.match(admission.stderr, /\n {2}switchboard endpoint list --owner <handle> lists an owner's endpoints\.\n$/);
  const [sql] = await db.sql`select 1`.then(() =>
    db.sql`select switchboard.set_endpoint_admission(${unknown}::uuid, 5)`.catch((e: { hint: string }) => [e.hint]));
  t.match(sql, /list_endpoints/, 'while in SQL the hint names the SQL function');
});
