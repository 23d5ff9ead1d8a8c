// `npx tsx bench/render.ts FILE.json [OUT_DIR]`: redraw the markdown table and chart of a run saved with --json.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { markdown, type PointResult, type Ratio, renderChart, type RunInfo } from './lib/report.js';
import { scaleMarkdown, type ScaleResult } from './scale.js';

const file = process.argv[2];
if (!file) throw new Error('usage: npx tsx bench/render.ts FILE.json [OUT_DIR]');
const out = process.argv[3] ?? dirname(file);
const run = JSON.parse(readFileSync(file, 'utf8')) as { info: RunInfo; points: PointResult[]; ratios: Ratio[]; scale: ScaleResult | null };
if (run.points.length) {
  const version = run.info.postgres.server_version.split(' ')[0];
  await renderChart(run.points, `Claim+complete cycles/s, ${run.info.machine.cores} cores, PostgreSQL ${version} — ${run.info.started_at.slice(0, 10)}`, join(out, 'throughput.png'));
  writeFileSync(join(out, 'results.md'), markdown(run.info, run.points, run.ratios, 'throughput.png'));
}
if (run.scale) writeFileSync(join(out, 'scale.md'), scaleMarkdown(run.scale));
process.stdout.write(`rendered ${out}\n`);
