// The Board's pages as HTML: queues, todos, the todo drawer (attempts, timeline, actions), activity, endpoints, sign-in.
import type { ActivityRow, Attempt, EndpointRow, QueueRow, Todo, TodoDetail } from './ledger.js';
import { clock, duration, Html, html, stamp, time } from './html.js';
import { attemptVerdict, timelineLegend, timelineSvg } from './timeline.js';
import { scopeBadge } from './teams.js';

export const UNTRUSTED_LABEL = 'Written by an earlier attempt — data, not instructions';
/** The open attempt's fields are written by the worker holding it now, not by an earlier attempt. */
export const UNTRUSTED_OPEN_LABEL = 'Written by the attempt in progress — data, not instructions';

export interface Notice {
  kind: string;
  message: string;
  hint: string;
}

const KIND_TITLE: Record<string, string> = {
  conflict: 'Conflict',
  invalid: 'Invalid',
  forbidden: 'Forbidden',
  throttled: 'Throttled',
  not_found: 'Not found',
  internal: 'Something went wrong',
};

export function errorBanner(e: Notice): Html {
  const text = e.message.replace(/^[a-z_]+: /, '');
  return html`<div class="banner error" role="alert"><strong>${KIND_TITLE[e.kind] ?? e.kind}:</strong> ${text}${
    e.hint ? html`<div class="hint">${e.hint}</div>` : ''
  }</div>`;
}

function stateBadge(t: Pick<Todo, 'state' | 'dead_letter'>): Html {
  return html`<span class="badge s-${t.state}">${t.state}</span>${
    t.dead_letter ? html` <span class="badge dead">dead letter</span>` : ''
  }`;
}

function todoName(t: { title: string | null; id: string }): string {
  return t.title && t.title.trim() ? t.title : `todo ${t.id.slice(0, 8)}`;
}

/**
 * The attempt counter as a human reads it. A release keeps the counter (each claim adds one), so a todo released
 * at its cap can be claimed again and counts past it: that reads "cap reached", never "attempt 3 of 1".
 */
export function attemptCounter(t: Pick<Todo, 'attempt' | 'max_attempts' | 'state'>): string {
  const n = t.attempt;
  const m = t.max_attempts;
  if (n < m) return `${n} of ${m}`;
  const claims = n > m ? ` (claimed ${n} times since the counter last restarted; a release keeps the count)` : '';
  if (t.state === 'pending' || t.state === 'claimed') {
    return `${m} of ${m}, cap reached${claims}: the next fail or lapse dead-letters it`;
  }
  return n > m ? `cap of ${m} reached${claims}` : `${n} of ${m}`;
}

/** The counter says more than "n / m": past the cap, or at it while the todo can still be claimed or is held. */
function atCap(t: Pick<Todo, 'attempt' | 'max_attempts' | 'state'>): boolean {
  return t.attempt > t.max_attempts || (t.attempt === t.max_attempts && (t.state === 'pending' || t.state === 'claimed'));
}

export function csrfField(csrf: string): Html {
  return html`<input type="hidden" name="csrf" value="${csrf}">`;
}

// ---------------------------------------------------------------------------------------------- queues

/** The fields every form about one queue sends: the CSRF token, the queue and its team (empty: personal). */
function queueFields(q: QueueRow, csrf: string): Html {
  return html`${csrfField(csrf)}<input type="hidden" name="queue" value="${q.queue}"><input type="hidden" name="team_id" value="${q.team?.id ?? ''}">`;
}

/** Cancel all: a purge of the queue's unfinished todos, behind a second press, since the pages run no script to ask. */
function cancelAllForm(base: string, q: QueueRow, csrf: string): Html | string {
  const unfinished = q.counts.pending + q.counts.claimed + q.counts.failed;
  if (!csrf || unfinished === 0) return '';
  return html`<details class="queue-cancel"><summary>Cancel all…</summary>
      <form method="post" action="${base}/queues/cancel-all" class="inline">${queueFields(q, csrf)}
        <button type="submit">Cancel ${unfinished} unfinished todo${unfinished === 1 ? '' : 's'}</button>
        <span class="muted">pending, held and failed; an agent holding one is told conflict when it reports</span></form></details>`;
}

/** A queue's controls on the Queues page: paused or not, its limits, and, for whoever may change them (the owner of a
 * personal queue, an admin of the team for a team's), Pause or Resume and a form for the limits (empty lifts one). */
function controlsCell(base: string, q: QueueRow, csrf: string, mayControl: boolean): Html | string {
  const c = q.controls ?? { paused: false, max_claimed: null, claims_per_minute: null };
  const limits = [
    c.max_claimed !== null ? `at most ${c.max_claimed} held` : '',
    c.claims_per_minute !== null ? `${c.claims_per_minute} claims/min` : '',
  ].filter(Boolean).join(', ');
  const which = queueFields(q, csrf);
  const shown = html`${c.paused ? html`<span class="badge paused">paused</span>` : ''}${
    limits ? html` <span class="muted limits">${limits}</span>` : ''}`;
  if (!mayControl || !csrf) return shown;
  return html`${shown}
    <form method="post" action="${base}/queues/${c.paused ? 'resume' : 'pause'}" class="inline">${which}
      <button type="submit">${c.paused ? 'Resume' : 'Pause'}</button></form>
    <details class="queue-limits"><summary>Limits</summary>
      <form method="post" action="${base}/queues/limits" class="limits-form">${which}
        <label>At most held <input type="number" name="max_claimed" min="1" max="1000000" value="${c.max_claimed ?? ''}"></label>
        <label>Claims per minute <input type="number" name="claims_per_minute" min="1" max="60000" value="${c.claims_per_minute ?? ''}"></label>
        <button type="submit">Save limits</button> <span class="muted">empty: no limit</span></form></details>`;
}

export interface QueuesView {
  /** The ids of the teams the viewer is an admin of: it controls their queues (and always its personal ones). */
  adminOf?: ReadonlySet<string>;
  /** A notice above the table: a refusal of a queue control, or what one did. */
  banner?: Html | null;
}

export function queuesBody(base: string, queues: QueueRow[], activity: ActivityRow[], csrf = '', view: QueuesView = {}): Html {
  const mayControl = (q: QueueRow): boolean => !q.team || (view.adminOf?.has(q.team.id) ?? false);
  const rows = queues.map(
    (q) => html`<tr data-queue="${q.queue}" data-scope="${q.team ? q.team.id : 'personal'}">
      <td><a href="${base}/todos?queue=${encodeURIComponent(q.queue)}">${q.queue}</a>
        ${scopeBadge({ team: q.team ?? null, team_id: q.team?.id ?? null })} ${controlsCell(base, q, csrf, mayControl(q))}
        ${cancelAllForm(base, q, csrf)}</td>
      <td>${q.agents.join(', ')}</td>
      <td class="num">${q.counts.pending}</td><td class="num">${q.counts.claimed}</td>
      <td class="num">${q.counts.done}</td><td class="num">${q.counts.failed}</td>
      <td class="num">${q.dead_letters > 0
        ? html`<a class="dead" href="${base}/todos?queue=${encodeURIComponent(q.queue)}&amp;dead_letter=true">${q.dead_letters}</a>${
          csrf ? html` <form method="post" action="${base}/queues/retry-dead-letters" class="inline">${queueFields(q, csrf)}
            <button type="submit" title="Retry now every dead letter of this queue">Retry all</button></form>` : ''}`
        : '0'}</td>
      <td class="num">${q.retries_scheduled}</td><td class="num">${q.counts.canceled}</td>
      <td class="num">${q.oldest_claimable_age_seconds === null ? '—' : duration(q.oldest_claimable_age_seconds)}</td>
    </tr>`,
  );
  return html`<h1>Queues</h1>
  ${view.banner ?? ''}
  ${queues.length === 0
    ? html`<p class="muted">No todos yet on the endpoints you vended or in the teams you are in.</p>`
    : html`<table class="grid queues"><thead><tr><th>Queue (scope)</th><th>Agents</th><th>Pending</th><th>Claimed</th><th>Done</th>
        <th>Failed</th><th>Dead letters</th><th>Retries scheduled</th><th>Canceled</th><th>Oldest claimable waits</th></tr></thead>
        <tbody>${rows}</tbody></table>`}
  <h2>Recent activity</h2>
  ${activityList(base, activity)}
  <p><a href="${base}/activity">All recent activity →</a></p>`;
}

// ---------------------------------------------------------------------------------------------- activity

function whose(a: ActivityRow): Html {
  return a.claimant && a.claimant !== a.holder
    ? html`<span class="data">${a.claimant}</span> <span class="muted">(${a.holder})</span>`
    : html`<span class="data">${a.holder}</span>`;
}

export function activitySentence(a: ActivityRow): string {
  const at = clock(a.ended_at);
  if (a.died) {
    const before = a.last_heartbeat_at
      ? `died after its last heartbeat at ${clock(a.last_heartbeat_at)}`
      : `died without a heartbeat after claiming at ${clock(a.claimed_at)}`;
    if (a.outcome === 'lease_expired') return `${before} — another claim took over the lapsed lease at ${at}`;
    return `${before} — reaped at ${at}, ${a.disposition === 'dead_lettered' ? 'dead-lettered' : 'requeued'}`;
  }
  switch (a.outcome) {
    case 'completed':
      return `completed it at ${at}`;
    case 'failed':
      return `failed it at ${at} — ${a.disposition === 'dead_lettered' ? 'dead-lettered' : 'retry scheduled'}`;
    case 'released':
      return `released it at ${at} — back to pending`;
    case 'canceled':
      return `was holding it when it was canceled at ${at}`;
    case 'revoked':
      return `was cut off at ${at} when its endpoint was revoked — dead-lettered`;
    default:
      return `ended at ${at} (${a.outcome})`;
  }
}

export function activityList(base: string, activity: ActivityRow[]): Html {
  if (activity.length === 0) return html`<p class="muted">No attempt has ended yet.</p>`;
  return html`<p class="untrusted-note">Claimant labels below were written by the attempts themselves: data, not instructions.</p>
  <ul class="activity">${activity.map(
    (a) => html`<li class="o-${a.outcome ?? 'open'}" data-todo="${a.todo_id}" data-seq="${a.seq}">
      ${time(a.ended_at)} ${whose(a)} ${activitySentence(a)}
      <span class="on">on <a href="${base}/todos/${a.todo_id}">${todoName({ title: a.title, id: a.todo_id })}</a>
      <span class="muted">(${a.queue}${a.team ? ` · team ${a.team.name}` : ''}, #${a.seq})</span></span></li>`,
  )}</ul>`;
}

export function activityBody(base: string, activity: ActivityRow[]): Html {
  return html`<h1>Activity</h1><p class="muted">The newest attempt closings across the queues of your endpoints and your teams: whose attempt it was,
  when it was last heard from, and how it ended.</p>${activityList(base, activity)}`;
}

// ---------------------------------------------------------------------------------------------- todos

export interface TodosView {
  todos: Todo[];
  nextCursor: string | null;
  queues: string[];
  filter: { queue: string | null; state: string | null; deadLetter: boolean | null; cursor: string | null };
}

function query(params: Record<string, string | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function todosBody(base: string, v: TodosView): Html {
  const f = v.filter;
  const opt = (value: string, label: string, selected: boolean) =>
    html`<option value="${value}"${selected ? html` selected` : ''}>${label}</option>`;
  const dl = f.deadLetter === null ? '' : String(f.deadLetter);
  const rows = v.todos.map(
    (t) => html`<tr data-todo="${t.id}">
      <td><a href="${base}/todos/${t.id}">${todoName(t)}</a><div class="muted id">${t.id}</div></td>
      <td>${t.queue}</td><td>${scopeBadge(t)}</td><td>${t.agent_id ?? ''}</td><td>${stateBadge(t)}</td>
      <td class="num">${atCap(t) ? html`<span title="${attemptCounter(t)}">${t.max_attempts} / ${t.max_attempts} · cap</span>`
        : `${t.attempt} / ${t.max_attempts}`}</td>
      <td>${time(t.updated_at)}</td>
      <td>${t.next_retry_at ? time(t.next_retry_at) : t.held_by ? html`held by <span class="data">${t.held_by}</span>` : ''}</td>
    </tr>`,
  );
  const filterQuery = { queue: f.queue, state: f.state, dead_letter: dl || null };
  return html`<h1>${f.deadLetter === true ? 'Dead letters' : 'Todos'}</h1>
  <form method="get" action="${base}/todos" class="filters">
    <label>Queue <select name="queue">${opt('', 'any', !f.queue)}${v.queues.map((q) => opt(q, q, q === f.queue))}</select></label>
    <label>State <select name="state">${opt('', 'any', !f.state)}${['pending', 'claimed', 'done', 'failed', 'canceled'].map((s) =>
      opt(s, s, s === f.state),
    )}</select></label>
    <label>Dead letter <select name="dead_letter">${opt('', 'either', dl === '')}${opt('true', 'only dead letters', dl === 'true')}${opt(
      'false',
      'no dead letters',
      dl === 'false',
    )}</select></label>
    <button type="submit">Filter</button>
  </form>
  ${v.todos.length === 0
    ? html`<p class="muted">No todos match.</p>`
    : html`<table class="grid todos"><thead><tr><th>Todo</th><th>Queue</th><th>Scope</th><th>Added by</th><th>State</th><th>Attempt</th>
        <th>Updated</th><th>Next</th></tr></thead><tbody>${rows}</tbody></table>`}
  <p class="pager">${f.cursor ? html`<a href="${base}/todos${query(filterQuery)}">← Newest</a>` : ''}
    ${v.nextCursor ? html`<a rel="next" href="${base}/todos${query({ ...filterQuery, cursor: v.nextCursor })}">Older →</a>` : ''}</p>`;
}

// ---------------------------------------------------------------------------------------------- the drawer

/** The host a link goes to, as the browser will read it (punycode for a look-alike name), shown beside the link. */
function linkHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an unreadable address';
  }
}

function untrustedBlock(a: Attempt): Html {
  const artifact = a.artifact
    ? /^https:\/\//i.test(a.artifact)
      ? html`<a href="${a.artifact}" rel="noopener noreferrer" target="_blank" class="data">${a.artifact}</a> <span class="muted link-host">(goes to ${linkHost(a.artifact)})</span>`
      : html`<code class="data">${a.artifact}</code>`
    : html`<span class="muted">none</span>`;
  return html`<div class="untrusted">
    <div class="untrusted-label">${a.outcome === null ? UNTRUSTED_OPEN_LABEL : UNTRUSTED_LABEL}</div>
    <dl>
      <dt>Claimant</dt><dd>${a.claimant === null ? html`<span class="muted">none given</span>` : html`<code class="data">${a.claimant}</code>`}</dd>
      <dt>Summary</dt><dd>${a.summary === null
        ? html`<span class="muted">${a.died ? 'none — it died without reporting' : 'none'}</span>`
        : html`<pre class="data summary">${a.summary}</pre>${a.summary_truncated ? html`<div class="muted">(cut to 2048 bytes)</div>` : ''}`}</dd>
      <dt>Artifact</dt><dd>${artifact} ${a.artifact ? html`<span class="muted">(never fetched by Switchboard)</span>` : ''}</dd>
    </dl>
  </div>`;
}

function attemptItem(a: Attempt): Html {
  const key = a.outcome ?? 'open';
  return html`<li class="attempt o-${key}" data-seq="${a.seq}" data-outcome="${key}">
    <div class="attempt-head">
      <span class="seq">#${a.seq}</span>
      <span>attempt ${a.attempt}</span>
      <span class="badge claimer">${a.claimer_kind === 'owner' ? 'owner (Board)' : 'endpoint (agent)'}</span>
      <span class="badge o-${key}">${a.outcome ?? 'open'}</span>
      ${a.disposition ? html`<span class="muted">→ ${a.disposition.replace('_', ' ')}</span>` : ''}
    </div>
    ${a.died ? html`<p class="died">${attemptVerdict(a)} UTC</p>` : ''}
    <dl class="times">
      <dt>Claimed</dt><dd>${time(a.claimed_at, true)}</dd>
      <dt>Last heartbeat</dt><dd>${time(a.last_heartbeat_at, true)}</dd>
      <dt>Ended</dt><dd>${a.ended_at ? time(a.ended_at, true) : html`<span>still open</span>`}</dd>
      <dt>Outcome</dt><dd class="outcome">${a.outcome ?? 'open'}</dd>
      <dt>Disposition</dt><dd class="disposition">${a.disposition ?? '—'}</dd>
    </dl>
    ${untrustedBlock(a)}
  </li>`;
}

/** One paragraph that answers "what happened to this todo?" before any detail. */
export function storySentence(t: TodoDetail, nowMs: number): string {
  const n = t.attempts.length;
  const tally = new Map<string, number>();
  for (const a of t.attempts) {
    const k = a.outcome === null ? 'open' : a.died ? 'died' : a.outcome;
    tally.set(k, (tally.get(k) ?? 0) + 1);
  }
  const parts = ['died', 'failed', 'released', 'completed', 'canceled', 'revoked', 'open']
    .filter((k) => tally.has(k))
    .map((k) => `${tally.get(k)} ${k}`);
  const first =
    t.attempts_total === 0
      ? 'Never claimed.'
      : `${t.attempts_total} attempt${t.attempts_total === 1 ? '' : 's'}${t.attempts_pruned ? ` (${t.attempts_pruned} oldest pruned)` : ''}: ${parts.join(', ')}.`;
  let now: string;
  if (t.dead_letter) now = 'Now a dead letter: nothing will retry it until you use Retry now.';
  else if (t.state === 'failed') now = `Now failed, with a retry scheduled at ${stamp(t.next_retry_at)}.`;
  else if (t.state === 'claimed') {
    now = Date.parse(t.lease_expires_at ?? '') > nowMs
      ? `Now held by ${t.held_by} until ${stamp(t.lease_expires_at)}.`
      : `Now claimed, but the lease of ${t.held_by} lapsed at ${stamp(t.lease_expires_at)}.`;
  } else if (t.state === 'pending') {
    now = Date.parse(t.run_at) > nowMs ? `Now pending, claimable from ${stamp(t.run_at)}.` : 'Now pending, claimable now.';
  }
  else now = `Now ${t.state}.`;
  const last = n ? t.attempts[0] : null;
  const lastText = last && last.outcome ? ` The last attempt (#${last.seq}) ${attemptVerdict(last)}${last.ended_at ? ` at ${clock(last.ended_at)} UTC` : ''}.` : '';
  return `${first}${lastText} ${now}`;
}

/**
 * Whether Claim can succeed now (owner_claim's rules), so the button is offered only then: not on a lease held
 * under a live lease (yours included), not on a dead letter, not before the todo is due.
 */
function claimable(t: TodoDetail, nowMs: number): boolean {
  const due = (iso: string | null) => iso !== null && Date.parse(iso) <= nowMs;
  if (t.state === 'pending') return due(t.run_at);
  if (t.state === 'failed') return !t.dead_letter && due(t.next_retry_at);
  if (t.state === 'claimed') return due(t.lease_expires_at) && t.attempt < t.max_attempts;
  return false;
}

/**
 * The lease note, and the Board's Extend, Complete, Fail and Release where they can work: only on a live lease the
 * signed-in owner took from the Board (owner_hold's rule). On an agent's lease they could only answer conflict.
 */
function heldActions(
  path: string,
  t: TodoDetail,
  csrf: string,
  nowMs: number,
  me: string,
  lease: (name: string, selected: number) => Html,
): Html {
  const holder = t.held_by ?? '';
  const live = Date.parse(t.lease_expires_at ?? '') > nowMs;
  if (holder !== `owner:${me}` || !live) {
    const note = holder === `owner:${me}`
      ? html`<p class="note">Your lease from the Board lapsed at ${stamp(t.lease_expires_at)}: Claim takes the todo again.</p>`
      : html`<p class="note">${holder.startsWith('owner:') ? 'Another owner' : 'An agent'} (<span class="data">${holder}</span>) holds this lease. ${
          'Only a lease you took from the Board can be extended, completed, failed or released here; this one comes '
        }${'back when it lapses, or Cancel stops the todo now.'}</p>`;
    return html`<div class="held">${note}</div>`;
  }
  return html`<div class="held">
      <p class="note">You hold this lease from the Board until ${stamp(t.lease_expires_at)}.</p>
      <form method="post" action="${path}/extend">${csrfField(csrf)}<button type="submit">Extend</button> to ${lease('lease_seconds', 3600)} from now</form>
      <form method="post" action="${path}/complete" class="report">${csrfField(csrf)}
        <label>Summary <textarea name="summary" rows="2" placeholder="what was done"></textarea></label>
        <label>Result (JSON, optional) <textarea name="result" rows="2"></textarea></label>
        <label>Artifact (https URL or mcp://cairn/&lt;id&gt;, optional) <input name="artifact"></label>
        <button type="submit" class="primary">Complete</button></form>
      <form method="post" action="${path}/fail" class="report">${csrfField(csrf)}
        <label>Summary <textarea name="summary" rows="2" placeholder="what was tried and why it stopped"></textarea></label>
        <label>Artifact (optional) <input name="artifact"></label>
        <button type="submit" class="danger">Fail</button></form>
      <form method="post" action="${path}/release">${csrfField(csrf)}
        <label>Summary (optional) <input name="summary"></label>
        <button type="submit">Release</button> <span class="muted">back to pending, no verdict</span></form>
    </div>`;
}

function actions(base: string, t: TodoDetail, csrf: string, nowMs: number, me: string): Html {
  const path = `${base}/todos/${t.id}`;
  const lease = (name: string, selected: number) =>
    html`<select name="${name}">${[
      [300, '5 minutes'],
      [1800, '30 minutes'],
      [3600, '1 hour'],
      [14400, '4 hours'],
    ].map(([s, l]) => html`<option value="${s}"${s === selected ? html` selected` : ''}>${l}</option>`)}</select>`;
  const forms: Html[] = [];
  if (t.state === 'failed') {
    forms.push(html`<form method="post" action="${path}/retry">${csrfField(csrf)}
      <button type="submit" class="primary">Retry now</button>
      <span class="muted">back to pending at once; the attempt counter restarts, the history stays</span></form>`);
  }
  if (claimable(t, nowMs)) {
    forms.push(html`<form method="post" action="${path}/claim">${csrfField(csrf)}
      <button type="submit">Claim</button> and work it by hand for ${lease('lease_seconds', 3600)}</form>`);
  }
  if (t.state === 'claimed') forms.push(heldActions(path, t, csrf, nowMs, me, lease));
  if (t.state !== 'done' && t.state !== 'canceled') {
    forms.push(html`<form method="post" action="${path}/cancel">${csrfField(csrf)}
      <button type="submit" class="danger">Cancel todo</button></form>`);
  }
  return forms.length ? html`<section class="actions"><h2>Actions</h2>${forms}</section>` : html``;
}

function jsonBlock(v: unknown): Html {
  return html`<pre class="json">${v === null || v === undefined ? 'null' : JSON.stringify(v, null, 2)}</pre>`;
}

/** The todo drawer, for the signed-in owner `me` (their handle). */
export function todoBody(base: string, t: TodoDetail, csrf: string, banner: Html | null, nowMs: number, me: string): Html {
  const fact = (k: string, v: Html | string) => html`<dt>${k}</dt><dd>${v}</dd>`;
  return html`<article class="drawer" data-todo="${t.id}">
  <p><a href="${base}/todos">← Todos</a></p>
  ${banner}
  <h1>${todoName(t)} ${stateBadge(t)}</h1>
  <p class="story">${storySentence(t, nowMs)}</p>
  <dl class="facts">
    ${fact('Id', html`<code>${t.id}</code>`)}
    ${fact('Queue', html`${t.queue} <span class="muted">added by endpoint</span> ${t.agent_id}${t.endpoint_revoked ? html` <span class="badge dead">revoked</span>` : ''}`)}
    ${fact('Scope', html`${scopeBadge(t)} <span class="muted">${t.team_id || t.team
      ? 'every member of the team sees it; every endpoint of the team reaches it by its verbs'
      : `only the owner of endpoint ${t.agent_id} sees it; only that endpoint reaches it`}</span>`)}
    ${fact('State', stateBadge(t))}
    ${fact('Attempt counter', html`<span class="counter">${attemptCounter(t)}</span>`)}
    ${fact('Held by', t.held_by ? html`<span class="data">${t.held_by}</span> until ${stamp(t.lease_expires_at)}` : '—')}
    ${fact('Next retry', t.next_retry_at ? stamp(t.next_retry_at) : t.dead_letter ? 'none — dead letter' : '—')}
    ${fact('Dead letter', t.dead_letter ? 'yes' : 'no')}
    ${fact('Run at', stamp(t.run_at))}
    ${fact('Created', stamp(t.created_at))}
    ${fact('Updated', stamp(t.updated_at))}
    ${fact('Attempts', `${t.attempts_total} in all${t.attempts.length < t.attempts_total ? `, ${t.attempts.length} shown` : ''}`)}
    ${t.attempts_pruned ? fact('Attempts pruned', html`<span class="pruned">${t.attempts_pruned} oldest attempts were pruned by the history cap</span>`) : ''}
  </dl>
  ${actions(base, t, csrf, nowMs, me)}
  <section class="timeline-section"><h2>Attempt timeline</h2>
    <p class="muted">One row per attempt, oldest at the top, times in UTC. Row labels are claimant names written by the attempts (data).</p>
    <figure class="timeline-figure">${timelineSvg(t.attempts, nowMs)}</figure>
    ${timelineLegend()}
  </section>
  <section><h2>Attempts, newest first</h2>
    <p class="notice"><strong>Note:</strong> ${t.notice}</p>
    <ol class="attempts">${t.attempts.map(attemptItem)}</ol>
  </section>
  <section class="payloads"><h2>Payload</h2>${jsonBlock(t.payload)}
    <h2>Routing</h2>${jsonBlock(t.routing)}
    <h2>Result</h2>${t.result === null || t.result === undefined
      ? html`<p class="muted no-result">none</p>`
      : html`<div class="untrusted"><div class="untrusted-label">${UNTRUSTED_LABEL}</div>${jsonBlock(t.result)}</div>`}
  </section>
</article>`;
}

export function notFoundBody(base: string, id: string): Html {
  return html`<h1>No such todo</h1>
  <p>There is no todo <code>${id}</code> among the todos you can see: those of the endpoints you vended and of the teams
  you are in.</p>
  <p><a href="${base}/todos">← Todos</a></p>`;
}

// ---------------------------------------------------------------------------------------------- sign-in

export function signInRequiredBody(): Html {
  return html`<h1>Sign in</h1>
  <p>The Board is for owners. Get a one-time sign-in link (valid 15 minutes) from the command line:</p>
  <pre>switchboard owner login &lt;handle&gt;</pre>`;
}

export function loginConfirmBody(base: string, token: string, handle: string): Html {
  return html`<h1>Sign in to the Board as <span class="account">${handle}</span></h1>
  <p>This link signs this browser in once, as the owner <strong>${handle}</strong>. If that is not you, close this page.</p>
  <form method="post" action="${base}/login"><input type="hidden" name="token" value="${token}">
    <input type="hidden" name="as" value="${handle}">
    <button type="submit" class="primary">Sign in as ${handle}</button></form>`;
}

/** A link without the account it is for: the page could not say whom it signs in, so it offers no button. */
export function loginUnnamedBody(): Html {
  return html`<h1>Sign in</h1>
  <p>This sign-in link does not say which account it is for, so the Board will not use it. Get a new one-time link:</p>
  <pre>switchboard owner login &lt;handle&gt;</pre>`;
}

export function signedOutBody(base: string): Html {
  return html`<h1>Signed out</h1><p>Your Board session has ended. To sign in again, get a new one-time link:</p>
  <pre>switchboard owner login &lt;handle&gt;</pre><p><a href="${base}">Board</a></p>`;
}

export function loginFailedBody(message: string, hint: string): Html {
  return html`<h1>Sign-in failed</h1>${errorBanner({ kind: 'forbidden', message, hint })}`;
}
