// The Board's Teams page: the teams the signed-in owner is in, its role, the members, team queues and team endpoints
// (with presence); an admin gets the forms to add and remove members, add a team queue, vend a team endpoint (the
// credential shown once, on the answer to that POST only) and revoke one. Every rule is in SQL; this only renders.
import { CONTRACT } from '../contract.gen.js';
import type { TeamEndpoint, TeamRow, Todo, VendedEndpoint } from './ledger.js';
import { type Html, html, stamp, stored } from './html.js';
import { csrfField } from './pages.js';

/** Which scope a todo is in, as the Board names it: the team's name, or "personal". */
export function scopeName(t: Pick<Todo, 'team_id' | 'team'>): string {
  if (!t.team_id && !t.team) return 'personal';
  const name = typeof t.team === 'string' ? t.team : t.team?.name;
  return name ?? `team ${String(t.team_id).slice(0, 8)}`;
}

/** The scope as a badge: a team's name, or "personal". */
export function scopeBadge(t: Pick<Todo, 'team_id' | 'team'>): Html {
  const team = Boolean(t.team_id || t.team);
  return html`<span class="badge ${team ? 'scope-team' : 'scope-personal'}" data-scope="${team ? 'team' : 'personal'}">${
    team ? html`team ${scopeName(t)}` : 'personal'}</span>`;
}

const queueName = (q: string | { queue: string }): string => (typeof q === 'string' ? q : q.queue);

function presence(e: TeamEndpoint): Html {
  if (e.revoked_at) return html`<span class="badge dead">revoked</span>`;
  return html`<span class="badge ${e.clocked_in ? 's-done' : 's-canceled'}">${e.clocked_in ? 'clocked in' : 'clocked out'}</span>${
    e.presence_since ? html` <span class="muted">since ${stamp(e.presence_since)}</span>` : ''}`;
}

function memberRows(base: string, t: TeamRow, me: string, csrf: string): Html[] {
  return t.members.map((m) => {
    const self = m.owner_id === me;
    const remove = self
      ? html`<form method="post" action="${base}/teams/${t.id}/members/${m.owner_id}/remove" class="inline">${csrfField(csrf)}
          <button type="submit" class="danger">Leave team</button></form>`
      : t.role === 'admin'
        ? html`<form method="post" action="${base}/teams/${t.id}/members/${m.owner_id}/remove" class="inline">${csrfField(csrf)}
            <button type="submit" class="danger">Remove</button></form>`
        : html``;
    return html`<tr data-member="${m.handle}"><td>${m.handle}${self ? html` <span class="muted">(you)</span>` : ''}</td>
      <td><span class="badge role-${m.role}">${m.role}</span></td><td>${remove}</td></tr>`;
  });
}

/** Clock in or out: for a team admin or the owner that vended it (presence_endpoint's rule, checked in SQL). */
function clockForm(base: string, t: TeamRow, e: TeamEndpoint, me: string, csrf: string): Html {
  if (e.revoked_at || (t.role !== 'admin' && e.owner_id !== me)) return html``;
  return html`<form method="post" action="${base}/teams/${t.id}/endpoints/${e.endpoint_id}/presence" class="inline">${csrfField(csrf)}
    <input type="hidden" name="clocked_in" value="${e.clocked_in ? 'false' : 'true'}">
    <button type="submit">Clock ${e.clocked_in ? 'out' : 'in'}</button></form>`;
}

/** Revoke: for a team admin or the owner that vended it (manages_endpoint's rule, checked in SQL). */
function revokeForm(base: string, t: TeamRow, e: TeamEndpoint, me: string, csrf: string): Html {
  if (e.revoked_at || (t.role !== 'admin' && e.owner_id !== me)) return html``;
  return html`<form method="post" action="${base}/teams/${t.id}/endpoints/${e.endpoint_id}/revoke" class="inline">${csrfField(csrf)}
    <button type="submit" class="danger" aria-label="Revoke ${e.agent_id}">Revoke</button></form>`;
}

function endpointRows(base: string, t: TeamRow, me: string, csrf: string): Html[] {
  const handles = new Map(t.members.map((m) => [m.owner_id, m.handle]));
  return t.endpoints.map(
    (e) => html`<tr data-endpoint="${e.endpoint_id}"><td class="data">${e.agent_id}</td><td>${presence(e)}</td>
      <td>${clockForm(base, t, e, me, csrf)} ${revokeForm(base, t, e, me, csrf)}</td>
      <td class="muted">${e.verbs.join(', ')}</td><td>${handles.get(e.owner_id) ?? html`<span class="muted">a former member</span>`}</td></tr>`,
  );
}

function adminForms(base: string, t: TeamRow, csrf: string): Html {
  const verbs = CONTRACT.verbs.map(
    (v) => html`<label class="verb"><input type="checkbox" name="verbs" value="${v}"> ${v}</label>`,
  );
  return html`<div class="team-admin">
    <form method="post" action="${base}/teams/${t.id}/members" class="team-form">${csrfField(csrf)}
      <h3>Add a member</h3>
      <label>Handle <input name="handle" required maxlength="64" aria-label="Handle to add to ${t.name}"></label>
      <label>Role <select name="role"><option value="member" selected>member</option><option value="admin">admin</option></select></label>
      <button type="submit">Add member</button>
      <p class="muted">An existing member gets the role chosen here.</p></form>
    <form method="post" action="${base}/teams/${t.id}/queues" class="team-form">${csrfField(csrf)}
      <h3>Add a team queue</h3>
      <label>Queue <input name="queue" required maxlength="128" pattern="[A-Za-z0-9][A-Za-z0-9_.:/\-]{0,127}"
        aria-label="Team queue for ${t.name}"></label>
      <button type="submit">Add team queue</button>
      <p class="muted">From now on, a todo any endpoint of the team adds to it is the team's; earlier ones stay personal.</p></form>
    <form method="post" action="${base}/teams/${t.id}/endpoints" class="team-form">${csrfField(csrf)}
      <h3>Vend a team endpoint</h3>
      <label>Agent id <input name="agent_id" required maxlength="128" aria-label="Agent id for ${t.name}"></label>
      <fieldset><legend>Verbs (none ticked: every verb)</legend>${verbs}</fieldset>
      <button type="submit" class="primary">Vend endpoint</button>
      <p class="muted">The credential is shown once, on the next page, and never again.</p></form>
  </div>`;
}

function teamSection(base: string, t: TeamRow, quota: number, me: string, csrf: string): Html {
  return html`<section class="team" data-team="${t.id}">
    <h2>${t.name} <span class="badge role-${t.role}">you are ${t.role === 'admin' ? 'an admin' : 'a member'}</span></h2>
    <p class="muted">The team's todos are on the Todos page, in the scope <span class="badge scope-team">team ${t.name}</span>.</p>
    <p class="stored">Todos stored: ${stored(t.todos_stored, quota)} <span class="muted">(finished ones too, until retention
      deletes them; at the quota every add to a team queue is refused)</span></p>
    <h3>Members</h3>
    <table class="grid members"><thead><tr><th>Owner</th><th>Role</th><th></th></tr></thead>
      <tbody>${memberRows(base, t, me, csrf)}</tbody></table>
    <h3>Team queues</h3>
    ${t.queues.length === 0
      ? html`<p class="muted">No team queue yet: every queue is personal to the endpoint that adds to it.</p>`
      : html`<ul class="team-queues">${t.queues.map((q) => html`<li><a href="${base}/todos?queue=${encodeURIComponent(queueName(q))}">${queueName(q)}</a></li>`)}</ul>`}
    <h3>Team endpoints</h3>
    ${t.endpoints.length === 0
      ? html`<p class="muted">No endpoint vended in this team yet.</p>`
      : html`<table class="grid team-endpoints"><thead><tr><th>Agent</th><th>Presence</th><th></th><th>Verbs</th><th>Vended by</th></tr></thead>
          <tbody>${endpointRows(base, t, me, csrf)}</tbody></table>`}
    ${t.role === 'admin' ? adminForms(base, t, csrf) : ''}
  </section>`;
}

/** The credential of an endpoint just vended, shown on this one answer (the Board keeps nothing of it). */
export function vendedBanner(v: VendedEndpoint, teamName: string): Html {
  return html`<div class="banner ok credential" role="status">
    <p>Endpoint <code>${v.endpoint_id}</code> vended in <strong>${teamName}</strong> for agent <span class="data">${v.agent_id}</span>
      (verbs: ${v.verbs.join(', ')}).</p>
    <p><strong>Credential, shown this once</strong> (only its SHA-256 is stored; copy it now):</p>
    <pre class="credential-value">${v.credential}</pre>
  </div>`;
}

/** The Teams page for the signed-in owner (me: its owner id), with a banner when there is one. */
export function teamsBody(base: string, teams: TeamRow[], quota: number, me: string, csrf: string, banner: Html | null): Html {
  return html`<h1>Teams</h1>
  ${banner ?? ''}
  <p class="muted">A team shares its team queues: every endpoint vended in the team reads and acts on the team's todos by
  its own verb set, and every member sees them here on the Board. An admin adds and removes members, adds team queues
  and vends team endpoints; a member may leave. Leaving ends your access to the team's todos at once.</p>
  ${teams.length === 0
    ? html`<p class="muted">You are in no team. A team is made with <code>switchboard team add &lt;name&gt; --admin &lt;handle&gt;</code>.</p>`
    : teams.map((t) => teamSection(base, t, quota, me, csrf))}`;
}

/** The banner after a team act that redirected back here (?did=…). */
export const TEAM_DONE = new Map<string, string>([
  ['member', 'Member saved.'],
  ['removed', 'Member removed: their access to the team ended at once, and the team endpoints they vended were revoked.'],
  ['revoked', 'Endpoint revoked: its credential is refused from now on, and the todos its agent held were dead-lettered.'],
  ['left', 'You left the team.'],
  ['queue', 'Team queue added.'],
  ['in', 'Clocked in: its doorbells ring again, and it was rung for the work waiting.'],
  ['out', 'Clocked out: no doorbell rings for it until it is clocked in again.'],
]);
