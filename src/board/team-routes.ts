// The Board's Teams routes: the page, and an admin's (or a leaving member's) acts on a team, each one SQL call that
// checks who may; a refusal is shown on the page with its status. A vended credential is shown on the POST's own
// answer (never in a URL, never stored by the Board).
import type { Request, Response, Router } from 'express';
import { type CallerError, toCallerError } from '../errors.js';
import { html, type Html } from './html.js';
import { errorBanner } from './pages.js';
import { field, first, STATUS, UUID } from './form.js';
import type { Kit } from './router.js';
import { TEAM_DONE, teamsBody, vendedBanner } from './teams.js';

type Viewer = NonNullable<Awaited<ReturnType<Kit['viewer']>>>;

/** All the values of a repeated form field (checkboxes). */
function fields(body: unknown, name: string): string[] {
  const v = (body as Record<string, unknown> | undefined)?.[name];
  const all = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return all.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => x.trim());
}

const refusedTeam = (id: string): CallerError => ({ kind: 'not_found', message: `not_found: no team ${id} in this scope`, hint: '' });

export function teamRoutes(router: Router, k: Kit): void {
  const { B, ledger, page, internal, viewer, writer } = k;

  const render = async (res: Response, s: Viewer, status: number, banner: Html | null) => {
    const { teams, todos_max_per_scope: quota } = await ledger.teams(s);
    page(res, status, 'Teams', teamsBody(B, teams, quota, s.owner_id, s.csrf_token, banner), s);
  };

  router.get(`${B}/teams`, async (req, res) => {
    let s: Viewer | null = null;
    try {
      if (!(s = await viewer(req, res))) return;
      const done = TEAM_DONE.get(first(req.query.did) ?? '');
      await render(res, s, 200, done ? html`<div class="banner ok" role="status">${done}</div>` : null);
    } catch (err) {
      internal(res, err, s ?? undefined);
    }
  });

  /** A team act: the writer's checks, the call, then a redirect (or the answer `respond` renders); a refusal on the page. */
  const act = (path: string, run: (s: Viewer, req: Request, teamId: string) => Promise<string | Html>) =>
    router.post(`${B}/teams/:team/${path}`, async (req, res) => {
      let s: Viewer | null = null;
      try {
        if (!(s = await writer(req, res))) return;
        const teamId = String(req.params.team);
        let outcome: string | Html;
        try {
          if (!UUID.test(teamId)) throw Object.assign(new Error(refusedTeam(teamId).message), { code: 'SB404' });
          outcome = await run(s, req, teamId);
        } catch (err) {
          const e = toCallerError(err);
          if (e.kind === 'internal') throw err;
          return render(res, s, STATUS[e.kind], errorBanner(e));
        }
        if (typeof outcome === 'string') return res.redirect(303, `${B}/teams?did=${outcome}`);
        await render(res, s, 200, outcome);
      } catch (err) {
        internal(res, err, s ?? undefined);
      }
    });

  act('members', async (s, req, teamId) => {
    const role = field(req.body, 'role') ?? 'member';
    await ledger.addTeamMember(s, teamId, field(req.body, 'handle')?.trim() ?? '', role);
    return 'member';
  });

  act('members/:owner/remove', async (s, req, teamId) => {
    const owner = String(req.params.owner);
    // A malformed member id is a member the team does not have: the same answer as SQL gives for one.
    if (!UUID.test(owner)) throw Object.assign(new Error(`not_found: no member ${owner} in team ${teamId}`), { code: 'SB404' });
    await ledger.removeTeamMember(s, teamId, owner);
    return owner === s.owner_id ? 'left' : 'removed';
  });

  // Presence of a team endpoint (the same entry point as the Endpoints page; a team admin may clock it too).
  act('endpoints/:endpoint/presence', async (s, req) => {
    const endpoint = String(req.params.endpoint);
    const to = field(req.body, 'clocked_in');
    if (!UUID.test(endpoint) || (to !== 'true' && to !== 'false')) {
      throw Object.assign(new Error(`not_found: no endpoint ${endpoint} in this scope`), { code: 'SB404' });
    }
    await ledger.setPresence(s, endpoint, to === 'true');
    return to === 'true' ? 'in' : 'out';
  });

  // Revoke a team endpoint: a team admin's act (or its vendor's while a member), manages_endpoint's rule in SQL.
  act('endpoints/:endpoint/revoke', async (s, req) => {
    const endpoint = String(req.params.endpoint);
    if (!UUID.test(endpoint)) throw Object.assign(new Error(`not_found: no endpoint ${endpoint} in this scope`), { code: 'SB404' });
    await ledger.revokeEndpoint(s, endpoint);
    return 'revoked';
  });

  act('queues', async (s, req, teamId) => {
    await ledger.addTeamQueue(s, teamId, field(req.body, 'queue')?.trim() ?? '');
    return 'queue';
  });

  act('endpoints', async (s, req, teamId) => {
    const verbs = fields(req.body, 'verbs');
    const v = await ledger.vendTeamEndpoint(s, teamId, field(req.body, 'agent_id')?.trim() ?? '', verbs.length ? verbs : null);
    const team = (await ledger.teams(s)).teams.find((t) => t.id === teamId);
    return vendedBanner(v, team?.name ?? teamId);
  });
}
