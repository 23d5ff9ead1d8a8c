// The Board's "Todos stored" (the Endpoints page's column, each team's line): what a scope stores against its quota,
// flagged before the quota refuses adds and when it does.
import t from 'tap';
import { stored } from '../../src/board/html.js';

const text = (n: number, quota: number) => stored(n, quota).toString().replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();

t.test('what a scope stores, against its quota', async (t) => {
  t.equal(text(0, 1_000_000), '0 of 1,000,000', 'an empty scope: the figures only');
  t.equal(text(899_999, 1_000_000), '899,999 of 1,000,000', 'below 90 % of the quota: no flag');
  t.equal(text(900_000, 1_000_000), 'near its quota 900,000 of 1,000,000', 'from 90 %: near its quota');
  t.equal(text(999_999, 1_000_000), 'near its quota 999,999 of 1,000,000', 'one short: still near');
  t.equal(text(1_000_000, 1_000_000), 'full: adds refused 1,000,000 of 1,000,000', 'at the quota: full, adds refused');
  t.equal(text(12, 10), 'full: adds refused 12 of 10', 'past it (concurrent adds, or a lowered quota): full');
  t.match(stored(1, 1).toString(), /class="badge dead"/, 'full is the red badge');
  t.match(stored(9, 10).toString(), /class="badge paused"/, 'near is the amber one');
});
