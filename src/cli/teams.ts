// The `switchboard team` commands (ADR-0038): add a team with its first admin, add or remove members, add team
// queues, list teams (all, or an owner's). Each is one call of the admin API (switchboard.add_team, …), which holds
// every rule; a team is named by its id, or by its name when no other team has that name (names are labels).
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import type { AdminLedger, Doc } from '../ledger.js';
import { findOwnerId, hintNotFound, withLedger } from './admin.js';
import { HintedError, out } from './io.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIST_HINT = 'switchboard team list shows every team with its id.';

/** A team's id from what the user typed: an id as it is, else the one team with that name (case-sensitive). */
export async function resolveTeamId(l: AdminLedger, ref: string): Promise<string> {
  if (UUID.test(ref)) return ref;
  const teams = ((await l.listTeams()).teams as Doc[]).filter((t) => t.name === ref);
  if (teams.length === 1) return String(teams[0].id);
  if (teams.length === 0) throw new HintedError(`not_found: no team named ${ref}`, LIST_HINT);
  throw new HintedError(`invalid: ${teams.length} teams are named ${ref}`, `Name the team by its id; ${LIST_HINT}`);
}

function printTeams(teams: Doc[]): void {
  if (teams.length === 0) return out('no teams');
  for (const t of teams) {
    out(`${t.id}  ${t.name}${t.role ? `  (${t.role})` : ''}`);
    const members = (t.members as Doc[]).map((m) => `${m.handle} (${m.role})`).join(', ');
    out(`  members:   ${members || 'none'}`);
    const queues = (t.queues as (string | Doc)[]).map((q) => (typeof q === 'string' ? q : String(q.queue)));
    out(`  queues:    ${queues.join(', ') || 'none'}`);
    const endpoints = (t.endpoints as Doc[]).map(
      (e) => `${e.agent_id} (${e.revoked_at ? 'revoked' : e.clocked_in ? 'clocked in' : 'clocked out'})`,
    );
    out(`  endpoints: ${endpoints.join(', ') || 'none'}`);
  }
}

export function registerTeamCommands(program: Command): void {
  const team = program.command('team').description('manage teams: owners sharing team queues and the endpoints vended in the team');
  team
    .command('add')
    .description('make a team, with its first admin')
    .argument('<name>', "the team's name: a label (1-128 letters, digits, space and _ . : / @ -)")
    .requiredOption('--admin <handle>', 'the owner who is its first admin')
    .option('--json', 'print the team document as JSON')
    .action(async (name: string, o: { admin: string; json?: boolean }) => {
      const doc = await withLedger(loadConfig(), async (l) => l.addTeam({ name, admin_owner_id: await findOwnerId(l, o.admin) }));
      out(o.json ? JSON.stringify(doc) : `team ${doc.name} added (${doc.id}), admin ${o.admin}`);
    });

  const member = team.command('member').description("add or remove a team's members");
  member
    .command('add')
    .description('add an owner to a team (an existing member gets the role given)')
    .argument('<team>', "the team's id, or its name when no other team has it")
    .argument('<owner>', "the owner's handle")
    .option('--role <role>', 'member or admin', 'member')
    .option('--json', 'print the result document as JSON')
    .action(async (ref: string, handle: string, o: { role: string; json?: boolean }) => {
      const doc = await withLedger(loadConfig(), async (l) => {
        const team_id = await resolveTeamId(l, ref);
        return hintNotFound(l.addTeamMember({ team_id, owner_id: await findOwnerId(l, handle), role: o.role }), LIST_HINT);
      });
      out(o.json ? JSON.stringify(doc) : `${handle} is ${doc.role === 'admin' ? 'an admin' : 'a member'} of team ${doc.team_id}`);
    });
  member
    .command('remove')
    .description("remove an owner from a team: its access ends at once and the team endpoints it vended are revoked (the last admin stays)")
    .argument('<team>', "the team's id, or its name when no other team has it")
    .argument('<owner>', "the owner's handle")
    .option('--json', 'print the result document as JSON')
    .action(async (ref: string, handle: string, o: { json?: boolean }) => {
      const doc = await withLedger(loadConfig(), async (l) => {
        const team_id = await resolveTeamId(l, ref);
        return hintNotFound(l.removeTeamMember({ team_id, owner_id: await findOwnerId(l, handle) }), LIST_HINT);
      });
      out(o.json ? JSON.stringify(doc) : `${handle} removed from team ${doc.team_id}; ${doc.endpoints_revoked ?? 0} team endpoint(s) it vended revoked`);
    });

  team
    .command('queue')
    .description("manage a team's team queues")
    .command('add')
    .description("make a queue name a team queue: todos the team's endpoints add to it from now on are the team's")
    .argument('<team>', "the team's id, or its name when no other team has it")
    .argument('<queue>', 'the queue: 1-128 of letters, digits and _ . : / -')
    .option('--json', 'print the result document as JSON')
    .action(async (ref: string, queue: string, o: { json?: boolean }) => {
      const doc = await withLedger(loadConfig(), async (l) =>
        hintNotFound(l.addTeamQueue({ team_id: await resolveTeamId(l, ref), queue }), LIST_HINT));
      out(o.json ? JSON.stringify(doc) : `queue ${doc.queue} is a team queue of team ${doc.team_id}`);
    });

  team
    .command('list')
    .description('list teams with their members, team queues and endpoints: every team, or those --owner is in')
    .option('--owner <handle>', 'only the teams this owner is in, with its role')
    .option('--json', 'print the document as JSON')
    .action(async (o: { owner?: string; json?: boolean }) => {
      const doc = await withLedger(loadConfig(), async (l) =>
        l.listTeams({ owner_id: o.owner === undefined ? null : await findOwnerId(l, o.owner) }));
      if (o.json) return out(JSON.stringify(doc));
      printTeams(doc.teams as Doc[]);
    });
}
