// The bench's printed verdicts for issue 33's targets are computed from the run's own points: the MCP server's CPU
// per tools/call (two per cycle) against the SQL cycle's Postgres CPU, against mcp-floor's, and the SQL cycle's
// Postgres CPU against graphile-worker's. A wrong factor here would print a target met that is not.
import t from 'tap';
import { type PointResult, ratios } from '../../bench/lib/report.js';

function point(contender: string, clients: number, cyclesPerS: number, backends: number | null, server: number | null): PointResult {
  return {
    contender, clients, window_s: 10, cycles: cyclesPerS * 10, cycles_per_s: cyclesPerS, claim_p50_ms: null, claim_p99_ms: null,
    claim_samples: 0, wal_bytes_per_cycle: null, wal_fpi_bytes_per_cycle: null, wal_cluster_bytes_per_cycle: null, wal_scope: 'database',
    dead_tuples: 0, hot_pct: null, autovacuums: 0, empty_claims: 0, errors: 0, first_error: null, tables: [],
    cpu: { client_pct_of_core: 0, backends_pct_of_core: backends, server_pct_of_core: server, machine_busy_pct: null, cores: 2 },
  };
}

t.test("issue 33's ratios: server CPU per MCP call, against the SQL cycle's Postgres CPU and the floor's; PG CPU against graphile-worker's", async (t) => {
  const points = [
    // 1,000 SQL cycles/s at 80 % of a core: 0.8 ms of Postgres CPU per cycle.
    point('switchboard', 8, 1000, 80, null),
    // 400 graphile-worker jobs/s at 20 %: 0.5 ms per cycle.
    point('graphile-worker', 8, 400, 20, null),
    // 250 MCP cycles/s, 500 tools/call a second, the server at 20 % of a core: 0.4 ms per call.
    point('switchboard-mcp', 8, 250, 30, 20),
    // The floor: 200 cycles/s, 400 calls, at 10 %: 0.25 ms per call.
    point('mcp-floor', 8, 200, 30, 10),
  ];
  const byName = new Map(ratios(points, [8]).map((r) => [r.name, r]));
  const perCall = byName.get('MCP server CPU per tools/call / PG CPU per SQL cycle (issue 33: <= 0.5)');
  t.equal(perCall?.value?.toFixed(3), '0.500', '0.4 ms per call over 0.8 ms per SQL cycle');
  t.equal(perCall?.note, '0.400 ms per call');
  t.equal(byName.get("MCP server CPU per tools/call / mcp-floor's")?.value?.toFixed(3), '1.600', '0.4 over the floor\'s 0.25');
  t.equal(byName.get('PG CPU per cycle: switchboard / graphile-worker (issue 33: <= 1.5)')?.value?.toFixed(3), '1.600', '0.8 over 0.5');
});

t.test('a point without a server process or without its Postgres backends prints no such ratio', async (t) => {
  const points = [point('switchboard', 8, 1000, null, null), point('switchboard-mcp', 8, 250, 30, 20), point('graphile-worker', 8, 400, 20, null)];
  const names = ratios(points, [8]).map((r) => r.name);
  t.notOk(names.some((n) => n.startsWith('MCP server CPU per tools/call / PG')), 'no SQL cycle CPU: no per-call ratio');
  t.notOk(names.some((n) => n.startsWith('PG CPU per cycle')), 'and no PG CPU ratio');
});
