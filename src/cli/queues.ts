// The `switchboard queue` commands: pause, resume and limit an owner's queue (or, with --team, a team's, for an
// admin of it), and list the controls set. Each is one call of the admin API (switchboard.pause_queue, …).
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import type { AdminLedger, Doc } from '../ledger.js';
import { findOwnerId, withLedger } from './admin.js';
import { HintedError, out } from './io.js';
import { resolveTeamId } from './teams.js';

function describe(c: Doc): string {
  const limits = [
    c.paused ? 'paused' : 'running',
    `max_claimed ${c.max_claimed ?? 'none'}`,
    `claims_per_minute ${c.claims_per_minute ?? 'none'}`,
  ];
  return `${c.queue}${c.team_id ? ` (team ${c.team_id})` : ''}: ${limits.join(', ')}`;
}

function limit(v: string | undefined, name: string): number | null {
  if (v === undefined || v === 'none') return null;
  if (!/^[0-9]+$/.test(v)) throw new HintedError(`invalid: ${name} must be a whole number or none`, 'none lifts the limit.');
  return Number(v);
}

interface Who {
  owner: string;
  team?: string;
  json?: boolean;
}

async function who(l: AdminLedger, o: Who): Promise<{ owner_id: string; team_id: string | null }> {
  return { owner_id: await findOwnerId(l, o.owner), team_id: o.team ? await resolveTeamId(l, o.team) : null };
}

export function registerQueueCommands(program: Command): void {
  const queue = program.command('queue').description("pause, resume and limit a queue: an owner's personal queue, or a team's (--team)");
  const common = (c: Command) =>
    c
      .requiredOption('--owner <handle>', 'the owner (for a team queue, an admin of the team)')
      .option('--team <team>', "a team queue: the team's id, or its name when no other team has it")
      .option('--json', 'print the controls document as JSON');
  common(queue.command('pause').description('nothing is claimed from the queue until it is resumed; adds and reports go on').argument('<queue>')).action(
    async (name: string, o: Who) => {
      const doc = await withLedger(loadConfig(), async (l) => l.pauseQueue({ ...(await who(l, o)), queue: name }));
      out(o.json ? JSON.stringify(doc) : describe(doc));
    },
  );
  common(queue.command('resume').description("the queue's todos are claimed again (waiting claimers are rung)").argument('<queue>')).action(
    async (name: string, o: Who) => {
      const doc = await withLedger(loadConfig(), async (l) => l.resumeQueue({ ...(await who(l, o)), queue: name }));
      out(o.json ? JSON.stringify(doc) : describe(doc));
    },
  );
  common(
    queue
      .command('limits')
      .description("set a queue's limits (none lifts one; both left out lifts both)")
      .argument('<queue>')
      .option('--max-claimed <n>', 'at most n of its todos held at once, across every claimer')
      .option('--claims-per-minute <n>', 'at most n claims in any minute'),
  ).action(async (name: string, o: Who & { maxClaimed?: string; claimsPerMinute?: string }) => {
    const doc = await withLedger(loadConfig(), async (l) =>
      l.setQueueLimits({
        ...(await who(l, o)),
        queue: name,
        max_claimed: limit(o.maxClaimed, 'max-claimed'),
        claims_per_minute: limit(o.claimsPerMinute, 'claims-per-minute'),
      }),
    );
    out(o.json ? JSON.stringify(doc) : describe(doc));
  });
  queue
    .command('list')
    .description("the controls set on an owner's queues and its teams' queues")
    .requiredOption('--owner <handle>', 'the owner')
    .option('--json', 'print the document as JSON')
    .action(async (o: { owner: string; json?: boolean }) => {
      const doc = await withLedger(loadConfig(), async (l) => l.listQueueControls({ owner_id: await findOwnerId(l, o.owner) }));
      if (o.json) return out(JSON.stringify(doc));
      const controls = doc.controls as Doc[];
      if (controls.length === 0) return out('no queue controls set');
      for (const c of controls) out(describe(c));
    });
}
