// The `switchboard shard` commands: init (a proxy database in front of shard databases, PL/Proxy) and status.
import type { Command } from 'commander';
import { HintedError, out, wholeNumber } from './io.js';

const collect = (v: string, prev: string[]) => [...prev, v];

export function registerShardCommands(program: Command): void {
  const shard = program
    .command('shard')
    .description('run Switchboard on several databases behind a PL/Proxy proxy database (docs/scale-out.md)');

  shard
    .command('init')
    .description(
      'migrate every shard and number it, then install the proxy functions and cluster configuration in the proxy ' +
        'database; then point serve at the proxy (DATABASE_URL) and run `switchboard worker` on each shard',
    )
    .requiredOption('--proxy <url>', 'the proxy database (empty; needs the plproxy extension), as a superuser')
    .requiredOption('--shard <url>', 'a shard database (empty), as a superuser; repeat: 1, 2, 4, … of them', collect, [])
    .option('--name <name>', "the deployment's name, in its logins' names (default: the proxy database's name; kept once chosen)")
    .option('--json', 'print the result as JSON')
    .action(async (o: { proxy: string; shard: string[]; name?: string; json?: boolean }) => {
      const { initShards } = await import('../shard.js');
      const r = await initShards({ proxyUrl: o.proxy, shardUrls: o.shard, name: o.name, log: o.json ? undefined : out });
      if (o.json) out(JSON.stringify(r, null, 2));
      else out(`ready: ${r.partitions} partitions; DATABASE_URL=<the proxy's URL> switchboard serve --no-worker`);
    });

  shard
    .command('split')
    .description(
      'double the partitions in place: partition p + N shares partition p\'s database, nothing moves and every id and ' +
        'secret keeps working; then `shard move` carries one partition at a time to a new database',
    )
    .requiredOption('--proxy <url>', 'the proxy database, as a superuser')
    .option('--json', 'print the result as JSON')
    .action(async (o: { proxy: string; json?: boolean }) => {
      const { splitShards } = await import('../shard.js');
      const r = await splitShards(o.proxy);
      out(o.json ? JSON.stringify(r) : `split: ${r.from} partitions -> ${r.to}, each database holding twice as many`);
    });

  shard
    .command('move')
    .description(
      'carry one partition, with every row of its slots, to a new empty database, online: its calls wait for a short ' +
        'switch, ids and secrets unchanged, and the old database forgets the moved slots',
    )
    .requiredOption('--proxy <url>', 'the proxy database, as a superuser')
    .requiredOption('--partition <n>', 'the partition to move (one of two or more on its database)', wholeNumber)
    .requiredOption('--to <url>', 'the new database (empty), as a superuser')
    .option('--from <url>', "the partition's database as a superuser (default: --to's user at the partition's database)")
    .option('--json', 'print the result as JSON')
    .action(async (o: { proxy: string; partition: number; to: string; from?: string; json?: boolean }) => {
      const { moveShard } = await import('../shard-move.js');
      const r = await moveShard({ proxyUrl: o.proxy, partition: o.partition, toUrl: o.to, fromUrl: o.from,
        log: o.json ? undefined : out });
      if (o.json) out(JSON.stringify(r, null, 2));
    });

  shard
    .command('status')
    .description("each shard's health, asked through the proxy; exits 1 when any is down, misnumbered, holds rows of other slots or a handle another shard holds")
    .requiredOption('--proxy <url>', 'the proxy database')
    .option('--json', 'print the rows as JSON')
    .action(async (o: { proxy: string; json?: boolean }) => {
      const { shardStatus } = await import('../shard.js');
      const rows = await shardStatus(o.proxy);
      if (o.json) out(JSON.stringify(rows, null, 2));
      else {
        for (const r of rows) {
          out(r.ok
            ? `partition ${r.partition}: ok  ${r.db}  owners ${r.owners}  endpoints ${r.endpoints}  todos ${r.todos}  open leases ${r.openLeases}`
            : r.db
              ? `partition ${r.partition}: WRONG  ${r.db}  ${r.error}`
              : `partition ${r.partition}: DOWN  ${r.error}`);
        }
      }
      const bad = rows.filter((r) => !r.ok).length;
      if (bad) throw new HintedError(`${bad} of ${rows.length} shards not ok`, 'The other shards keep serving their own tenants.');
    });
}
