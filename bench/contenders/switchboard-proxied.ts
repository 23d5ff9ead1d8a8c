// Contender "switchboard-proxied": the "switchboard" cycle (claim_next + complete of the admin API, by endpoint id)
// through a PL/Proxy proxy database to two shards of its own, so the table shows the proxy hop beside the direct cycle.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { initShards } from '../../src/shard.js';
import type { Contender, Counters, Ctx, Running } from '../lib/contender.js';
import { fillSwitchboard, startSwitchboardClients } from './switchboard.js';

const adminUrl = () => process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function urlFor(db: string): string {
  const u = new URL(adminUrl());
  u.pathname = `/${db}`;
  return u.toString();
}

export function switchboardProxied(): Contender {
  const tag = randomBytes(4).toString('hex');
  const names = [`h5_bench_${tag}_proxy`, `h5_bench_${tag}_s0`, `h5_bench_${tag}_s1`];
  let endpointId = '';
  const self: Contender = {
    name: 'switchboard-proxied',
    describe:
      'the switchboard cycle through a PL/Proxy proxy database (run on the endpoint id\'s slot) to the shard that owns ' +
      'the endpoint, one of two on this Postgres; the proxy\'s backends are not in the CPU column',
    tables: ['switchboard.todos', 'switchboard.earlier_attempts'],
    wal: null,

    async install(ctx: Ctx) {
      const a = postgres(adminUrl(), { max: 1, onnotice: () => {} });
      try {
        for (const n of names) await a.unsafe(`create database ${n}`);
      } finally {
        await a.end({ timeout: 5 });
      }
      const proxyUrl = urlFor(names[0]);
      await initShards({ proxyUrl, shardUrls: [urlFor(names[1]), urlFor(names[2])] });
      const proxy = postgres(proxyUrl, { max: 1, onnotice: () => {} });
      try {
        const [o] = await proxy`select (switchboard.add_owner(handle => 'bench'))->>'owner_id' as id`;
        const [e] = await proxy`
          select switchboard.vend_endpoint(owner_id => ${o.id}::uuid, agent_id => 'bench-agent',
                                           verbs => array['add_todo','claim_next','complete']::text[]) as doc`;
        endpointId = e.doc.endpoint_id;
      } finally {
        await proxy.end({ timeout: 5 });
      }
      // The shard the proxy routes the endpoint to (its slot's low bit): arranged and measured there.
      const shardUrl = urlFor(names[1 + (parseInt(endpointId.slice(0, 2), 16) & 1)]);
      self.ctx = { url: shardUrl, admin: postgres(shardUrl, { max: 1, onnotice: () => {} }), queue: ctx.queue, noMigrate: false };
    },

    async reset(ctx: Ctx, backlog: number, history: number) {
      await fillSwitchboard(ctx, endpointId, backlog, history);
    },

    async start(ctx: Ctx, clients: number, counters: Counters): Promise<Running> {
      return startSwitchboardClients(urlFor(names[0]), endpointId, ctx.queue, clients, counters);
    },

    async close() {
      await self.ctx?.admin.end({ timeout: 5 });
      const a = postgres(adminUrl(), { max: 1, onnotice: () => {} });
      try {
        for (const n of names) await a.unsafe(`drop database if exists ${n} with (force)`);
      } finally {
        await a.end({ timeout: 5 });
      }
    },
  };
  return self;
}
