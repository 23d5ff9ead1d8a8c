// The Board's Endpoints page: the endpoints an owner vended, each with its presence (clocked in or out, and since
// when) and a button to clock it in or out (ADR-0027: presence gates doorbells, never history), and its default
// queue (where a requester's A2A message naming no queue is filed).
import type { EndpointList, EndpointRow } from './ledger.js';
import { type Html, html, stamp, stored, time } from './html.js';
import { csrfField, errorBanner, type Notice } from './pages.js';

function presenceCell(e: EndpointRow): Html {
  if (e.revoked_at) return html`<span class="badge dead">revoked</span> <span class="muted">since</span> ${time(e.revoked_at)}`;
  return html`<span class="badge ${e.clocked_in ? 's-done' : 's-canceled'}">${e.clocked_in ? 'clocked in' : 'clocked out'}</span>
    <span class="muted">since</span> <time datetime="${e.presence_since}">${stamp(e.presence_since)}</time>`;
}

function presenceForm(base: string, e: EndpointRow, csrf: string): Html {
  if (e.revoked_at) return html``;
  const to = e.clocked_in ? 'out' : 'in';
  return html`<form method="post" action="${base}/endpoints/${e.endpoint_id}/presence" class="inline">
    <input type="hidden" name="csrf" value="${csrf}">
    <input type="hidden" name="clocked_in" value="${to === 'in' ? 'true' : 'false'}">
    <button type="submit">Clock ${to}</button>
  </form>`;
}

function defaultQueueForm(base: string, e: EndpointRow, csrf: string): Html {
  if (e.revoked_at) return html`<span class="muted">${e.default_queue ?? 'none'}</span>`;
  return html`<form method="post" action="${base}/endpoints/${e.endpoint_id}/default-queue" class="inline">
    ${csrfField(csrf)}
    <input name="queue" value="${e.default_queue ?? ''}" placeholder="none" maxlength="128"
      pattern="[A-Za-z0-9][A-Za-z0-9_.:/\-]{0,127}" aria-label="Default queue of ${e.agent_id}">
    <button type="submit">Save</button>
  </form>`;
}

/** The Endpoints page, with a banner (what was just done, or an error) when there is one. */
export function endpointsBody(base: string, list: EndpointList, csrf: string, banner: Html | null): Html {
  const { endpoints, todos_max_per_scope: quota } = list;
  const rows = endpoints.map(
    (e) => html`<tr data-endpoint="${e.endpoint_id}">
      <td class="data">${e.agent_id}</td>
      <td>${presenceCell(e)}</td>
      <td>${presenceForm(base, e, csrf)}</td>
      <td class="muted">${e.verbs.join(', ')}</td>
      <td>${defaultQueueForm(base, e, csrf)}</td>
      <td class="stored">${stored(e.todos_stored, quota)}</td>
      <td>${time(e.created_at)}</td>
    </tr>`,
  );
  return html`<h1>Endpoints</h1>
  ${banner ?? ''}
  <p class="muted">A clocked-out endpoint gets no doorbells: no webhook post, and its waiting claim_next calls are not woken
  (they end at their deadline). Its claims still work and open attempts as before. Clocked back in, it is rung for the work
  waiting. A requester's A2A message that names no queue is filed to its endpoint's default queue; empty: such a
  message is refused. Todos stored counts an endpoint's own todos, finished ones too until retention deletes them;
  at its quota every add is refused.</p>
  ${endpoints.length === 0
    ? html`<p class="muted">You have vended no endpoints yet (<code>switchboard endpoint vend</code>).</p>`
    : html`<table class="grid endpoints"><thead><tr><th>Agent</th><th>Presence</th><th></th><th>Verbs</th><th>Default queue</th><th>Todos stored</th><th>Vended</th></tr></thead>
        <tbody>${rows}</tbody></table>`}`;
}

/** The banner after a presence change (clockedIn: which way), or for a refusal. */
export function presenceBanner(clockedIn: boolean | null, error: Notice | null): Html {
  if (error) return errorBanner(error);
  if (clockedIn === null) return html``;
  return html`<div class="banner ok" role="status">${clockedIn
    ? 'Clocked in: its doorbells ring again, and it was rung for the work waiting.'
    : 'Clocked out: no doorbell rings for it until it is clocked in again.'}</div>`;
}
