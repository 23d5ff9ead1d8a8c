// Summaries of a V8 .cpuprofile: self time by function and by package, and inclusive time of the biggest subtrees.
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Where a frame's code lives: an npm package, our source, Node's internals, or V8's pseudo-frames. */
export function origin(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node:internal';
  const m = /\/(src|bench|test)\/(.*)$/.exec(url);
  return m ? `${m[1]}/${m[2]}` : url;
}

function frameName(f: CallFrame): string {
  const file = f.url ? f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(src|bench)\//, '$1/') : '';
  return `${f.functionName || '(anonymous)'} ${file}${file ? `:${f.lineNumber + 1}` : ''}`;
}

export interface Summary {
  totalMs: number;
  idleMs: number;
  self: [string, number][];
  byOrigin: [string, number][];
  inclusive: [string, number][];
}

/** Times in ms; "(idle)" samples are counted apart and left out of the other lists. */
export function summarize(p: CpuProfile, top = 25): Summary {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const dt = p.timeDeltas[i + 1] ?? 0; // a sample's time is the gap to the next one
    selfUs.set(p.samples[i], (selfUs.get(p.samples[i]) ?? 0) + dt);
  }
  let idle = 0;
  let total = 0;
  const self = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const n = byId.get(id)!;
    if (n.callFrame.functionName === '(idle)') {
      idle += us;
      continue;
    }
    total += us;
    const name = frameName(n.callFrame);
    self.set(name, (self.get(name) ?? 0) + us);
    const o = origin(n.callFrame.url, n.callFrame.functionName);
    byOrigin.set(o, (byOrigin.get(o) ?? 0) + us);
    // Each distinct frame on the stack gets the sample once, however deep the recursion.
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const fn = frameName(byId.get(cur)!.callFrame);
      if (seen.has(fn)) continue;
      seen.add(fn);
      inclusive.set(fn, (inclusive.get(fn) ?? 0) + us);
    }
  }
  const sorted = (m: Map<string, number>, k: number) =>
    [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, us]) => [n, us / 1000] as [string, number]);
  return { totalMs: total / 1000, idleMs: idle / 1000, self: sorted(self, top), byOrigin: sorted(byOrigin, 30), inclusive: sorted(inclusive, top * 3) };
}

export function loadProfile(file: string): CpuProfile {
  return JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
}

/** A text report; `per` divides every figure (the number of tool calls), so the lists read as µs per call. */
export function renderSummary(title: string, s: Summary, per: number): string {
  const us = (ms: number) => `${((ms * 1000) / per).toFixed(1).padStart(7)} µs`;
  const pct = (ms: number) => `${((ms / s.totalMs) * 100).toFixed(1).padStart(5)} %`;
  const lines = [`== ${title}: ${us(s.totalMs)} busy per call (${per} calls; idle ${s.idleMs.toFixed(0)} ms)`];
  lines.push('-- self time by origin');
  for (const [n, ms] of s.byOrigin) lines.push(`${us(ms)} ${pct(ms)}  ${n}`);
  lines.push('-- self time by function');
  for (const [n, ms] of s.self) lines.push(`${us(ms)} ${pct(ms)}  ${n}`);
  lines.push('-- inclusive time by function');
  for (const [n, ms] of s.inclusive) lines.push(`${us(ms)} ${pct(ms)}  ${n}`);
  return lines.join('\n');
}
