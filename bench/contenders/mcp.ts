// Contender "switchboard-mcp": claim_next + complete as MCP tool calls over Streamable HTTP, one session per client.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { migrateDatabase } from '../../src/migrate.js';
import { clientLoop, type Contender, type Counters, type Ctx, type Running } from '../lib/contender.js';
import { fillSwitchboard } from './switchboard.js';

/**
 * The MCP row needs src/server.ts (the MCP server). Without it the row is not measured and the report says so;
 * it is never filled with a stand-in.
 */
export async function loadMcpContender(root: string): Promise<{ contender: Contender | null; reason: string }> {
  if (!existsSync(join(root, 'src', 'server.ts'))) {
    return { contender: null, reason: 'TODO: src/server.ts (the MCP server over Streamable HTTP) does not exist yet' };
  }
  return { contender: mcpContender(root), reason: '' };
}

/**
 * Contender "mcp-floor": the same calls through the same SDK client to bench/mcp-floor-server.ts, a minimal JSON-RPC
 * server over node:http running the same SQL: the floor the MCP path is measured against.
 */
export function mcpFloorContender(root: string): Contender {
  return mcpContender(root, {
    name: 'mcp-floor',
    describe: 'the same MCP calls to a minimal JSON-RPC server over node:http running the same SQL (bench/mcp-floor-server.ts): the floor',
    script: 'mcp-floor-server.ts',
  });
}

interface ToolResult {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

const SWITCHBOARD_MCP = {
  name: 'switchboard-mcp',
  describe: 'MCP tools/call claim_next then complete over Streamable HTTP (src/server.ts in a child process), one MCP session per client',
  script: 'mcp-server.ts',
};

function mcpContender(root: string, what = SWITCHBOARD_MCP): Contender {
  let endpointId = '';
  let credential = '';
  return {
    name: what.name,
    describe: what.describe,
    tables: ['switchboard.todos', 'switchboard.earlier_attempts'],

    async install(ctx: Ctx) {
      // Migrated here too (idempotent): `--only switchboard-mcp,mcp-floor` runs without the switchboard contender.
      if (!ctx.noMigrate) await migrateDatabase(ctx.url, { quiet: true });
      // A fresh endpoint per run: the credential is shown only when it is vended.
      let [o] = await ctx.admin`select id from switchboard.owners where handle = 'bench'`;
      if (!o) [o] = await ctx.admin`select (switchboard.add_owner(handle => 'bench'))->>'owner_id' as id`;
      // This contender's endpoints of previous runs revoked first, so repeated runs stay under endpoints_max_per_owner;
      // only its own: the contenders sharing this function are all installed before any runs.
      await ctx.admin`select switchboard.revoke_endpoint(${o.id}::uuid, e.id) from switchboard.endpoints e
                   where e.owner_id = ${o.id}::uuid and e.agent_id like ${`bench-${what.name}-%`} and e.revoked_at is null`;
      const [e] = await ctx.admin`
        select switchboard.vend_endpoint(owner_id => ${o.id}::uuid, agent_id => ${`bench-${what.name}-${Date.now()}`},
                                         verbs => array['claim_next','complete']::text[]) as doc`;
      endpointId = e.doc.endpoint_id;
      credential = e.doc.credential;
    },

    async reset(ctx: Ctx, backlog: number, history: number) {
      await fillSwitchboard(ctx, endpointId, backlog, history);
    },

    async start(ctx: Ctx, clients: number, counters: Counters): Promise<Running> {
      const child = await spawnServer(root, ctx.url, clients, what.script);
      const sessions: Client[] = [];
      try {
        for (let i = 0; i < clients; i++) {
          const client = new Client({ name: 'switchboard-bench', version: '1' });
          await client.connect(
            new StreamableHTTPClientTransport(new URL(child.url), {
              requestInit: { headers: { Authorization: `Bearer ${credential}` } },
            }),
          );
          // As an agent does before it calls a tool; the SDK client then checks every result against the tool's
          // outputSchema (bench/mcp-profile.ts: no measurable client CPU per call).
          await client.listTools();
          sessions.push(client);
        }
      } catch (e) {
        child.proc.kill('SIGTERM');
        throw e;
      }
      let stop = false;
      const loops = sessions.map((client) =>
        clientLoop<string>(
          counters,
          () => stop,
          async () => {
            const r = (await client.callTool({ name: 'claim_next', arguments: { queue: ctx.queue } })) as ToolResult;
            if (r.isError) throw new Error(`claim_next: ${JSON.stringify(r.structuredContent)}`);
            return r.structuredContent?.empty ? null : String(r.structuredContent?.id);
          },
          async (id) => {
            const r = (await client.callTool({ name: 'complete', arguments: { todo_id: id, result: { ok: true } } })) as ToolResult;
            if (r.isError) throw new Error(`complete: ${JSON.stringify(r.structuredContent)}`);
          },
        ),
      );
      return {
        async stop() {
          stop = true;
          await Promise.all(loops);
          await Promise.all(sessions.map((s) => s.close().catch(() => {})));
          await child.stop();
        },
        async completed() {
          return counters.cycles;
        },
        serverPid: child.proc.pid,
      };
    },
  };
}

async function spawnServer(root: string, url: string, clients: number, script: string): Promise<{ url: string; proc: ChildProcess; stop(): Promise<void> }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench', script)], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, SWITCHBOARD_DB_POOL_MAX: String(Math.min(100, clients + 2)) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: proc.stdout! });
    rl.once('line', (l) => resolve(l));
    proc.once('exit', (code) => reject(new Error(`MCP server exited (${code}) before listening`)));
  });
  const { url: mcpUrl } = JSON.parse(line) as { url: string };
  return {
    url: mcpUrl,
    proc,
    stop: () => stopChild(proc),
  };
}

/** Stops a child process: SIGTERM, SIGKILL after 5 s; resolves once it has exited. */
export function stopChild(proc: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
    setTimeout(() => proc.kill('SIGKILL'), 5000).unref();
  });
}
