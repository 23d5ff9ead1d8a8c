// Contender "switchboard-no-history": the switchboard contender's verb layer with the attempt-history work cut out.
//
// ADR-0039's Confirmation bounds what history may cost claim_next ("no more than 10 %"); this is the baseline that
// figure is read against. Its functions are generated from the production files (bench/lib/no-history.ts cuts the
// lines between `-- history{` and `-- history}`), so authorization, the fence, the documents, the indexes and every
// other part of the verb layer are the production ones and cannot drift from them. It lives in a database of its own
// (the benchmark database's name + `_nh`), because both define the same schemas.
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { migrateDatabase } from '../../src/migrate.js';
import type { Contender, Counters, Ctx, Running } from '../lib/contender.js';
import { walReader } from '../lib/wal.js';
import { noHistorySql } from '../lib/no-history.js';
import { benchEndpoint, fillSwitchboard, startSwitchboardClaimers, startSwitchboardClients } from './switchboard.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

let own: Ctx | null = null;
let endpointId = '';
let adminUrl = '';
let dbName = '';

export const switchboardNoHistory: Contender = {
  name: 'switchboard-no-history',
  describe: 'the switchboard contender with the attempt-history spans of sql/functions cut out (generated, in a database of its own)',
  tables: ['switchboard.todos', 'switchboard.earlier_attempts'],

  async install(ctx: Ctx) {
    const u = new URL(ctx.url);
    dbName = `${u.pathname.slice(1)}_nh`;
    adminUrl = ctx.url;
    await ctx.admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await ctx.admin.unsafe(`create database ${dbName}`);
    u.pathname = `/${dbName}`;
    const url = u.toString();
    await migrateDatabase(url, { quiet: true });
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    // Applied over the migrated production functions: create or replace of the same signatures, nothing else.
    await admin.unsafe(noHistorySql(root).sql);
    own = { url, admin, queue: ctx.queue, noMigrate: true };
    this.ctx = own;
    this.wal = await walReader(admin);
    endpointId = await benchEndpoint(own, 'bench-agent');
  },

  async reset(_ctx: Ctx, backlog: number, history: number) {
    await fillSwitchboard(own!, endpointId, backlog, history);
  },

  async start(_ctx: Ctx, clients: number, counters: Counters): Promise<Running> {
    return startSwitchboardClients(own!.url, endpointId, own!.queue, clients, counters);
  },

  async startClaims(_ctx: Ctx, clients: number, counters: Counters): Promise<Running> {
    return startSwitchboardClaimers(own!.url, endpointId, own!.queue, clients, counters);
  },

  async close() {
    if (!own) return;
    await own.admin.end({ timeout: 5 });
    own = null;
    const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
    try {
      await a.unsafe(`drop database if exists ${dbName} with (force)`);
    } finally {
      await a.end({ timeout: 5 });
    }
  },
};
