// HTML building blocks for the Board: escaping, the page layout, and how times and durations read to a human.

/** A piece of markup that is already safe. Everything else interpolated with `html` is escaped. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

type Part = Html | string | number | boolean | null | undefined | Part[];

function render(p: Part): string {
  if (p === null || p === undefined || p === false) return '';
  if (p instanceof Html) return p.value;
  if (Array.isArray(p)) return p.map(render).join('');
  return escapeHtml(String(p));
}

/** Tagged template: literal text is markup, every interpolated value is escaped unless it is Html. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new Html(out);
}

export function raw(s: string): Html {
  return new Html(s);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** 14:21 (UTC), the clock time a human reads in a sentence. */
export function clock(iso: string | null | undefined, seconds = false): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${seconds ? `:${pad(d.getUTCSeconds())}` : ''}`;
}

/** 2026-11-29 14:21:07 UTC */
export function stamp(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:${pad(d.getUTCSeconds())} UTC`;
}

/** A <time> element showing the clock time, with the full stamp on hover. */
export function time(iso: string | null | undefined, seconds = false): Html {
  if (!iso) return html`<span class="muted">—</span>`;
  return html`<time datetime="${iso}" title="${stamp(iso)}">${clock(iso, seconds)} UTC</time>`;
}

/**
 * What a scope stores against its quota (todos_max_per_scope): "2 of 1,000,000", flagged from 90 % of it, since at the
 * quota every add to the scope is refused until prune deletes finished todos.
 */
export function stored(n: number, quota: number): Html {
  const text = `${n.toLocaleString('en-US')} of ${quota.toLocaleString('en-US')}`;
  if (n >= quota) return html`<span class="badge dead">full: adds refused</span> ${text}`;
  if (n >= quota * 0.9) return html`<span class="badge paused">near its quota</span> ${text}`;
  return html`${text}`;
}

export function duration(totalSeconds: number | null | undefined): string {
  if (totalSeconds === null || totalSeconds === undefined) return '—';
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${s % 60}s`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h ${m % 60}m`;
  return `${Math.floor(h / 24)}d ${h % 24}h`;
}

export interface LayoutOptions {
  title: string;
  /** Present when signed in: shows the nav and the sign-out form. */
  session?: { handle: string; csrf_token: string };
  body: Html;
  base: string;
}

export function layout(o: LayoutOptions): string {
  const nav = o.session
    ? html`<nav aria-label="Board">
        <a href="${o.base}">Queues</a>
        <a href="${o.base}/todos">Todos</a>
        <a href="${o.base}/todos?dead_letter=true">Dead letters</a>
        <a href="${o.base}/activity">Activity</a>
        <a href="${o.base}/endpoints">Endpoints</a>
        <a href="${o.base}/teams">Teams</a>
      </nav>
      <div class="who">Signed in as <strong>${o.session.handle}</strong>
        <form method="post" action="${o.base}/logout" class="inline">
          <input type="hidden" name="csrf" value="${o.session.csrf_token}">
          <button type="submit" class="link">Sign out</button>
        </form>
      </div>`
    : html``;
  return `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${o.title} · Switchboard Board</title>
<link rel="stylesheet" href="${o.base}/static/board.css">
</head>
<body>
<header class="top"><a class="brand" href="${o.base}">Switchboard <span>Board</span></a>${nav}</header>
<main>
${o.body}
</main>
</body>
</html>
`}`;
}
