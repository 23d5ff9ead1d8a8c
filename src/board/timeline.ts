// The attempt timeline: an SVG with one row per attempt on a shared time axis, coloured by outcome, so a todo
// that died three times and then failed looks like it at a glance.
import type { Attempt } from './ledger.js';
import { clock, Html, html, raw } from './html.js';

export const OUTCOME_COLOURS: Record<string, string> = {
  completed: '#2e7d32',
  failed: '#c62828',
  released: '#1565c0',
  lease_expired: '#7b1fa2',
  reaped: '#7b1fa2',
  canceled: '#616161',
  revoked: '#212121',
  open: '#ef8f00',
};

const DISPOSITION_TEXT: Record<string, string> = {
  done: 'done',
  retry_scheduled: 'retry scheduled',
  requeued: 'requeued',
  dead_lettered: 'dead-lettered',
  canceled: 'canceled',
};

/** What one attempt came to, in the words the timeline and the drawer both use. */
export function attemptVerdict(a: Attempt): string {
  if (!a.outcome) return 'open — holding the lease now';
  if (a.died) {
    const heard = a.last_heartbeat_at ?? a.claimed_at;
    return `died — last heard from at ${clock(heard)}${a.last_heartbeat_at ? '' : ' (its claim)'}`;
  }
  const d = a.disposition ? DISPOSITION_TEXT[a.disposition] ?? a.disposition : '';
  if (a.outcome === 'completed') return 'completed';
  if (a.outcome === 'canceled') return 'canceled';
  return d ? `${a.outcome} → ${d}` : a.outcome;
}

const STEPS = [1, 5, 15, 30, 60, 300, 900, 1800, 3600, 10800, 21600, 43200, 86400, 604800].map((s) => s * 1000);

function cut(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

export function timelineSvg(attemptsNewestFirst: Attempt[], nowMs: number): Html {
  const rows = [...attemptsNewestFirst].sort((a, b) => a.seq - b.seq);
  if (rows.length === 0) return html`<p class="muted">No attempts yet: nothing has claimed this todo.</p>`;
  const W = 960;
  const L = 180;
  const R = 270;
  const top = 30;
  const rowH = 30;
  const H = top + rows.length * rowH + 8;
  const ms = (iso: string) => new Date(iso).getTime();
  let t0 = Math.min(...rows.map((a) => ms(a.claimed_at)));
  let t1 = Math.max(...rows.map((a) => (a.ended_at ? ms(a.ended_at) : nowMs)));
  if (t1 - t0 < 1000) t1 = t0 + 1000;
  const padMs = (t1 - t0) * 0.03;
  t0 -= padMs;
  t1 += padMs;
  const plotW = W - L - R;
  const x = (t: number) => L + ((t - t0) / (t1 - t0)) * plotW;

  const step = STEPS.find((s) => (t1 - t0) / s <= 6) ?? STEPS[STEPS.length - 1];
  const ticks: Html[] = [];
  for (let t = Math.ceil(t0 / step) * step; t <= t1; t += step) {
    const iso = new Date(t).toISOString();
    const tx = x(t).toFixed(1);
    ticks.push(html`<line class="grid" x1="${tx}" x2="${tx}" y1="${top - 6}" y2="${H - 4}"/>
      <text class="tick" x="${tx}" y="${top - 10}" text-anchor="middle">${clock(iso, step < 60000)}</text>`);
  }

  const bars = rows.map((a, i) => {
    const y = top + i * rowH;
    const mid = y + rowH / 2;
    const start = x(ms(a.claimed_at));
    const end = x(a.ended_at ? ms(a.ended_at) : nowMs);
    const key = a.outcome ?? 'open';
    const colour = OUTCOME_COLOURS[key] ?? '#455a64';
    const label = cut(`#${a.seq} · ${a.claimant ?? (a.claimer_kind === 'owner' ? 'owner' : 'agent')}`, 26);
    const verdict = attemptVerdict(a);
    const tip = `attempt #${a.seq} (attempt ${a.attempt}) by ${a.claimant ?? a.claimer_kind}: ${verdict}`;
    let shape: Html;
    if (a.died) {
      // Solid while it was heard from, a ring where it went quiet, hatched for the silence until the lapse was found.
      const heard = x(ms(a.last_heartbeat_at ?? a.claimed_at));
      shape = html`<rect x="${start.toFixed(1)}" y="${mid - 7}" width="${Math.max(3, heard - start).toFixed(1)}" height="14" rx="2" fill="${colour}"/>
        <rect class="silence" x="${heard.toFixed(1)}" y="${mid - 7}" width="${Math.max(3, end - heard).toFixed(1)}" height="14" fill="url(#silence)" stroke="${colour}" stroke-dasharray="3 2"/>
        <circle class="last-heard" cx="${heard.toFixed(1)}" cy="${mid}" r="4.5" fill="#fff" stroke="${colour}" stroke-width="2.5"/>`;
    } else {
      shape = html`<rect x="${start.toFixed(1)}" y="${mid - 7}" width="${Math.max(3, end - start).toFixed(1)}" height="14" rx="2" fill="${colour}"${
        a.outcome ? '' : raw(' fill-opacity="0.75" stroke="#b26a00" stroke-dasharray="4 2"')
      }/>`;
    }
    return html`<g class="attempt-row" data-seq="${a.seq}" data-outcome="${key}"><title>${tip}</title>
      <text class="label" x="8" y="${mid + 4}">${label}</text>
      ${shape}
      <text class="verdict" x="${W - R + 10}" y="${mid + 4}" fill="${colour}">${verdict}</text>
    </g>`;
  });

  const aria = `Attempt timeline: ${rows.map((a) => `#${a.seq} ${attemptVerdict(a)}`).join('; ')}`;
  return html`<svg class="timeline" role="img" aria-label="${aria}" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" xmlns="http://www.w3.org/2000/svg">
  <defs><pattern id="silence" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
    <rect width="6" height="6" fill="#f3e5f5"/><line x1="0" y1="0" x2="0" y2="6" stroke="#7b1fa2" stroke-width="2"/></pattern></defs>
  ${ticks}
  ${bars}
</svg>`;
}

export function timelineLegend(): Html {
  const items: [string, string][] = [
    ['completed', 'completed'],
    ['failed', 'failed'],
    ['released', 'released'],
    ['reaped', 'died (reaped or lease expired)'],
    ['canceled', 'canceled'],
    ['revoked', 'revoked'],
    ['open', 'open'],
  ];
  return html`<ul class="legend">${items.map(
    ([k, text]) => html`<li><span class="swatch o-${k}"></span>${text}</li>`,
  )}</ul>`;
}
