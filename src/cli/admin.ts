// The admin commands of `switchboard`: migrate, owner (add, login), endpoint (vend, list, revoke, rotate,
// default-queue, presence, admission) and team (cli/teams.ts), each one call of the admin API on a connection of its own.
import { type Command, InvalidArgumentError } from 'commander';
import { type Config, loadConfig, requireDatabaseUrl } from '../config.js';
import { CONTRACT } from '../contract.gen.js';
import { ADMIN_ROLE, createPool, roleFor, type Sql } from '../db.js';
import { toCallerError } from '../errors.js';
import { type AdminLedger, createAdminLedger, type Doc } from '../ledger.js';
import { CLI_PATH, HintedError, out, wholeNumber } from './io.js';
import { registerTeamCommands, resolveTeamId } from './teams.js';

/** A pool and ledger for one admin command, closed afterwards. */
export async function withLedger<T>(config: Config, fn: (ledger: AdminLedger, sql: Sql) => Promise<T>): Promise<T> {
  // As switchboard_admin where the login may take it (a superuser, or a DBA login granted it), so an admin command
  // has the admin API and no more; otherwise with the login's own grants.
  const url = requireDatabaseUrl(config);
  const sql = createPool(url, { max: 1, role: await roleFor(url, ADMIN_ROLE), applicationName: 'switchboard-cli' });
  try {
    return await fn(createAdminLedger(sql), sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Runs a ledger call; a not_found from it is told with a CLI hint instead of the database's. */
export async function hintNotFound<T>(call: Promise<T>, hint: string): Promise<T> {
  try {
    return await call;
  } catch (e) {
    const ce = toCallerError(e);
    if (ce.kind === 'not_found') throw new HintedError(ce.message, hint);
    throw e;
  }
}

const addOwnerFirst = (handle: string) => `Add the owner first: switchboard owner add ${handle}`;
const listEndpoints = (handle: string) => `switchboard endpoint list --owner ${handle} shows the endpoints ${handle} vended.`;

export async function findOwnerId(ledger: AdminLedger, handle: string): Promise<string> {
  return String((await hintNotFound(ledger.findOwner(handle), addOwnerFirst(handle))).owner_id);
}

/** The client configs `endpoint vend` prints: the server's URL and the credential, never a database login. */
function mcpSnippets(url: string, credential: string): string {
  const http = { mcpServers: { switchboard: { type: 'http', url, headers: { Authorization: `Bearer ${credential}` } } } };
  const stdio = {
    mcpServers: {
      switchboard: { command: 'node', args: [CLI_PATH, 'mcp'], env: { SWITCHBOARD_URL: url, SWITCHBOARD_CREDENTIAL: credential } },
    },
  };
  return [
    'MCP client config, Streamable HTTP (e.g. .mcp.json; the server must be running):',
    JSON.stringify(http, null, 2),
    '',
    'or over stdio (the client starts a bridge to the same running server; it holds no database login):',
    JSON.stringify(stdio, null, 2),
  ].join('\n');
}

export function registerAdminCommands(program: Command): void {
  program
    .command('migrate')
    .description('bring the database DATABASE_URL names to the current schema (idempotent)')
    .option('--quiet', 'print only errors')
    .action(async (o: { quiet?: boolean }) => {
      const config = loadConfig();
      const { migrateDatabase } = await import('../migrate.js');
      const { applyAttemptSummaryFromResult } = await import('../worker/settings.js');
      const { createLogger } = await import('../log.js');
      const url = requireDatabaseUrl(config);
      await migrateDatabase(url, { quiet: o.quiet });
      // Instance settings are the admin's: written here, by the command that holds the admin API, not by serve.
      await applyAttemptSummaryFromResult(url, config, createLogger({ level: o.quiet ? 'warn' : config.LOG_LEVEL }));
    });

  const owner = program.command('owner').description('manage owners (the humans who vend endpoints)');
  owner
    .command('add')
    .description('register an owner')
    .argument('<handle>', '1-64 letters, digits, _ . @ or -, starting with a letter or digit')
    .option('--json', 'print the owner document as JSON')
    .action(async (handle: string, o: { json?: boolean }) => {
      const doc = await withLedger(loadConfig(), (l) => l.addOwner(handle));
      out(o.json ? JSON.stringify(doc) : `owner ${doc.handle} added (${doc.owner_id})`);
    });
  owner
    .command('login')
    .description('print a one-time Board sign-in link for an owner (valid 15 minutes, works once; only its SHA-256 is stored)')
    .argument('<handle>', 'the owner signing in')
    .option('--url <url>', "the Board's base URL as the browser reaches it (default SWITCHBOARD_PUBLIC_URL, else from SWITCHBOARD_HOST/PORT)")
    .action(async (handle: string, o: { url?: string }) => {
      const config = loadConfig();
      const base = o.url ?? config.SWITCHBOARD_PUBLIC_URL ?? `http://${config.SWITCHBOARD_HOST}:${config.SWITCHBOARD_PORT}`;
      const { createLoginUrl } = await import('../board/router.js');
      out(await withLedger(config, (_l, sql) => hintNotFound(createLoginUrl(sql, handle, base), addOwnerFirst(handle))));
    });

  const endpoint = program.command('endpoint').description("manage an owner's agent endpoints (credentials)");
  registerEndpointCommands(endpoint);
  registerEndpointSettings(endpoint);
  registerTeamCommands(program);
}

function registerEndpointCommands(endpoint: Command): void {
  endpoint
    .command('vend')
    .description('mint an agent credential with a frozen verb set; the credential is printed once')
    .requiredOption('--owner <handle>', 'the owner vending it')
    .requiredOption('--agent <id>', 'agent id: every worker on the endpoint acts as agent:<id>')
    .option('--verbs <list>', `comma-separated subset of ${CONTRACT.verbs.join(',')} (default all)`)
    .option('--team <team>', 'vend it in this team (its id, or its name when no other team has it); the owner must be an admin of it')
    .option('--url <url>', 'the MCP URL to put in the client config (default from SWITCHBOARD_HOST/PORT)')
    .option('--json', 'print the endpoint document (with the credential) as JSON')
    .action(async (o: { owner: string; agent: string; verbs?: string; team?: string; url?: string; json?: boolean }) => {
      const config = loadConfig();
      const verbs = o.verbs?.split(',').map((v) => v.trim()).filter(Boolean);
      const doc = await withLedger(config, async (l) => {
        const owner_id = await findOwnerId(l, o.owner);
        if (o.team === undefined) return l.vendEndpoint({ owner_id, agent_id: o.agent, verbs });
        const team_id = await resolveTeamId(l, o.team);
        return hintNotFound(l.vendEndpoint({ owner_id, agent_id: o.agent, verbs, team_id }),
          `switchboard team list --owner ${o.owner} shows the teams ${o.owner} is in; only an admin of a team vends in it.`);
      });
      if (o.json) return out(JSON.stringify(doc));
      const url = o.url ?? `http://${config.SWITCHBOARD_HOST}:${config.SWITCHBOARD_PORT}/mcp`;
      out(`endpoint ${doc.endpoint_id} for agent ${doc.agent_id}, verbs: ${(doc.verbs as string[]).join(', ')}` +
        (doc.team_id ? `, in team ${doc.team_id}` : ''));
      out('');
      out('credential (shown this once; only its SHA-256 is stored):');
      out(`  ${doc.credential}`);
      out('');
      out(mcpSnippets(url, String(doc.credential)));
    });

  endpoint
    .command('revoke')
    .description('revoke an endpoint: every verb is forbidden from now on, and its claimed todos are dead-lettered')
    .requiredOption('--owner <handle>', 'the owner who vended it')
    .argument('<endpoint_id>', 'the endpoint id (endpoint list shows them)')
    .option('--json', 'print the result document as JSON')
    .action(async (endpointId: string, o: { owner: string; json?: boolean }) => {
      const doc = await withLedger(loadConfig(), async (l) => {
        const owner_id = await findOwnerId(l, o.owner);
        return hintNotFound(l.revokeEndpoint({ owner_id, endpoint_id: endpointId }), listEndpoints(o.owner));
      });
      out(
        o.json
          ? JSON.stringify(doc)
          : `endpoint ${doc.endpoint_id} revoked at ${doc.revoked_at}; ${doc.todos_dead_lettered} claimed todo(s) dead-lettered`,
      );
    });

  endpoint
    .command('rotate')
    .description("replace an endpoint's credential in place (same endpoint, todos and leases); the old one works for --overlap seconds")
    .requiredOption('--owner <handle>', 'the owner who vended it')
    .argument('<endpoint_id>', 'the endpoint id (endpoint list shows them)')
    .option('--overlap <seconds>', 'how long the replaced credential keeps working (0..604800)', '3600')
    .option('--json', 'print the result document (with the new credential) as JSON')
    .action(async (endpointId: string, o: { owner: string; overlap: string; json?: boolean }) => {
      const overlap = Number(o.overlap);
      if (!Number.isInteger(overlap)) throw new InvalidArgumentError('--overlap: a whole number of seconds');
      const doc = await withLedger(loadConfig(), async (l) => {
        const owner_id = await findOwnerId(l, o.owner);
        return hintNotFound(l.rotateCredential({ owner_id, endpoint_id: endpointId, overlap_seconds: overlap }), listEndpoints(o.owner));
      });
      if (o.json) return out(JSON.stringify(doc));
      out(`endpoint ${doc.endpoint_id} (agent ${doc.agent_id}) has a new credential (shown this once; only its SHA-256 is stored):`);
      out(`  ${doc.credential}`);
      out(doc.previous_valid_until ? `the replaced credential works until ${doc.previous_valid_until}` : 'the replaced credential no longer works');
    });

  endpoint
    .command('list')
    .description("list an owner's endpoints, newest first (credentials are never shown again)")
    .requiredOption('--owner <handle>', 'the owner')
    .option('--json', 'print the document as JSON')
    .action(async (o: { owner: string; json?: boolean }) => {
      const doc = await withLedger(loadConfig(), async (l) => l.listEndpoints({ owner_id: await findOwnerId(l, o.owner) }));
      if (o.json) return out(JSON.stringify(doc));
      const rows = doc.endpoints as Doc[];
      if (rows.length === 0) return out('no endpoints');
      for (const e of rows) {
        const state = e.revoked_at ? `revoked ${e.revoked_at}` : `clocked ${e.clocked_in ? 'in' : 'out'} since ${e.presence_since}`;
        out(`${e.endpoint_id}  ${String(e.agent_id).padEnd(20)}  ${state}  ${(e.verbs as string[]).join(',')}`);
      }
    });
}

/** What an owner or the operator sets on an endpoint after vending it: default queue, presence, claim budget. */
function registerEndpointSettings(endpoint: Command): void {
  endpoint
    .command('default-queue')
    .description("set the queue a requester's A2A message goes to when it names none (a text-only message); --clear unsets it")
    .requiredOption('--owner <handle>', 'the owner who vended it')
    .argument('<endpoint_id>', 'the endpoint id (endpoint list shows them)')
    .argument('[queue]', 'the queue: 1-128 of letters, digits and _ . : / -')
    .option('--clear', 'unset it: a message naming no queue is then invalid')
    .option('--json', 'print the result document as JSON')
    .action(async (endpointId: string, queue: string | undefined, o: { owner: string; clear?: boolean; json?: boolean }, cmd: Command) => {
      if (Boolean(o.clear) === (queue !== undefined)) cmd.error('error: give a queue, or --clear');
      const doc = await withLedger(loadConfig(), async (l) =>
        hintNotFound(
          l.setEndpointDefaultQueue({ owner_id: await findOwnerId(l, o.owner), endpoint_id: endpointId, queue: queue ?? null }),
          listEndpoints(o.owner),
        ),
      );
      if (o.json) return out(JSON.stringify(doc));
      out(doc.default_queue === null ? `endpoint ${doc.endpoint_id}: no default queue` : `endpoint ${doc.endpoint_id}: default queue ${doc.default_queue}`);
    });

  endpoint
    .command('presence')
    .description(
      'clock an endpoint in or out (presence): clocked out, no doorbell rings for it (no webhook post, no wake of its ' +
        'long polls) while its claims still work; clocked back in, it is rung for the work waiting',
    )
    .requiredOption('--owner <handle>', 'the owner who vended it')
    .argument('<endpoint_id>', 'the endpoint id (endpoint list shows them)')
    .option('--in', 'clock it in')
    .option('--out', 'clock it out')
    .option('--json', 'print the result document as JSON')
    .action(async (endpointId: string, o: { owner: string; in?: boolean; out?: boolean; json?: boolean }, cmd: Command) => {
      if (Boolean(o.in) === Boolean(o.out)) cmd.error('error: give --in or --out');
      const doc = await withLedger(loadConfig(), async (l) =>
        hintNotFound(
          l.setEndpointPresence({ owner_id: await findOwnerId(l, o.owner), endpoint_id: endpointId, clocked_in: Boolean(o.in) }),
          listEndpoints(o.owner),
        ),
      );
      if (o.json) return out(JSON.stringify(doc));
      out(
        `endpoint ${doc.endpoint_id} (agent ${doc.agent_id}) is clocked ${doc.clocked_in ? 'in' : 'out'} since ${doc.presence_since}` +
          (doc.changed ? '' : ' (it already was)'),
      );
    });

  endpoint
    .command('admission')
    .description(
      "set an endpoint's claim budget (operator only): at most --claims-per-minute claims a minute, in bursts of up to " +
        '--burst (default: the same number); a claim over it answers throttled. --off lifts it. Applies at once.',
    )
    .argument('<endpoint_id>', 'the endpoint id (endpoint list shows them)')
    .option('--claims-per-minute <n>', 'claims a minute (1..1000000)', wholeNumber)
    .option('--burst <n>', 'units the bucket holds, the most claims at once (1..1000000; default --claims-per-minute)', wholeNumber)
    .option('--off', 'lift the budget: claims are admitted without limit (the default)')
    .option('--json', 'print the result document as JSON')
    .action(async (endpointId: string, o: { claimsPerMinute?: number; burst?: number; off?: boolean; json?: boolean }, cmd: Command) => {
      if (Boolean(o.off) === (o.claimsPerMinute !== undefined)) {
        cmd.error('error: give --claims-per-minute <n> (and optionally --burst <n>), or --off');
      }
      if (o.off && o.burst !== undefined) cmd.error('error: --burst goes with --claims-per-minute, not --off');
      const doc = await withLedger(loadConfig(), (l) =>
        hintNotFound(
          l.setEndpointAdmission({ endpoint_id: endpointId, claims_per_minute: o.claimsPerMinute ?? null, burst: o.burst ?? null }),
          "switchboard endpoint list --owner <handle> lists an owner's endpoints.",
        ),
      );
      if (o.json) return out(JSON.stringify(doc));
      out(
        doc.claims_per_minute === null
          ? `endpoint ${doc.endpoint_id}: no claim budget (claims are not limited)`
          : `endpoint ${doc.endpoint_id}: ${doc.claims_per_minute} claims a minute, burst ${doc.burst} ` +
              `(${doc.units_available} available now)`,
      );
    });
}
