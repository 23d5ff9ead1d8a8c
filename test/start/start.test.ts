// `npm start` with nothing configured: `switchboard start` boots an embedded Postgres, migrates it, serves MCP,
// keeps its data across a restart, and stops cleanly on SIGTERM and SIGINT.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { call, httpClient } from '../mcp/helpers.js';
import { CLI, runCli } from '../cli/run.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  mcpUrl: string;
  databaseUrl: string;
  exited: Promise<number | null>;
}

/** Spawns `node dist/cli.js start` with DATABASE_URL unset and waits for its banner. */
async function start(dataDir: string, pgPort: number, port: number): Promise<Started> {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, SWITCHBOARD_DATA_DIR: dataDir,
    SWITCHBOARD_PG_PORT: String(pgPort), SWITCHBOARD_PORT: String(port) };
  const child = spawn(process.execPath, [CLI, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (out.includes('Stop with Ctrl-C.')) resolve();
      else if (child.exitCode !== null) reject(new Error(`start exited ${child.exitCode}:\n${out}`));
      else setTimeout(check, 100);
    };
    check();
  });
  return {
    child,
    output: () => out,
    mcpUrl: /MCP \(Streamable HTTP\)\s+(http:\S+)/.exec(out)![1],
    databaseUrl: /export DATABASE_URL=(\S+)/.exec(out)![1],
    exited,
  };
}

t.test('npm start: embedded Postgres boots, serves a tool call, keeps its data, and stops cleanly', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'h2-start-'));
  chmodSync(dir, 0o755); // as root, Postgres runs as the postgres user, which must reach the data folder
  const dataDir = join(dir, 'pg');
  const children: ChildProcess[] = [];
  // Whatever happened above, no process of this test outlives it: the CLI, then the Postgres it started.
  t.teardown(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    try {
      process.kill(Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGKILL');
    } catch {
      // no pid file, or not running
    }
    rmSync(dir, { recursive: true, force: true });
  });
  const pgPort = await freePort();
  const port = await freePort();

  const first = await start(dataDir, pgPort, port);
  children.push(first.child);
  t.equal(first.mcpUrl, `http://127.0.0.1:${port}/mcp`, 'it prints where MCP listens');
  t.equal(first.databaseUrl, `postgres://postgres:switchboard@127.0.0.1:${pgPort}/switchboard`, 'and the database');
  t.match(first.output(), /owner add alice/, 'and how to create an owner');
  t.match(first.output(), /endpoint vend --owner alice --agent my-agent --url http:\/\/127\.0\.0\.1:\d+\/mcp/, 'and vend');
  t.ok(existsSync(join(dataDir, 'PG_VERSION')), 'the data folder was initialised');

  // Exactly what the banner tells a newcomer to run.
  const env = { DATABASE_URL: first.databaseUrl };
  t.equal((await runCli(['owner', 'add', 'alice'], env)).code, 0);
  const vend = await runCli(['endpoint', 'vend', '--owner', 'alice', '--agent', 'my-agent', '--json'], env);
  const { credential } = JSON.parse(vend.stdout);

  const base = first.mcpUrl.replace(/\/mcp$/, '');
  const client = await httpClient(base, credential);
  const added = await call(client, 'add_todo', { queue: 'q', title: 'survives restarts' });
  t.match(added.doc, { state: 'pending', title: 'survives restarts' }, 'a tool call over HTTP on the embedded database');
  await client.close();

  first.child.kill('SIGTERM');
  t.equal(await first.exited, 0, 'SIGTERM: exit 0');
  t.match(first.output(), /switchboard stopped/);
  t.notOk(existsSync(join(dataDir, 'postmaster.pid')), 'the embedded Postgres stopped too');

  const second = await start(dataDir, pgPort, port);
  children.push(second.child);
  t.notMatch(second.output(), /initialising a new data folder/, 'the second start reuses the folder');
  const again = await httpClient(base, credential);
  const listed = await call(again, 'list_todos');
  t.same(listed.doc.todos.map((x: { title: string }) => x.title), ['survives restarts'], 'the data survived the restart');
  await again.close();
  second.child.kill('SIGINT');
  t.equal(await second.exited, 0, 'SIGINT: exit 0', { output: second.output().slice(-3000) });
  t.notOk(existsSync(join(dataDir, 'postmaster.pid')), 'and Postgres stopped');
  t.notOk(second.output().includes(credential), 'the credential never appears in the output');
});
