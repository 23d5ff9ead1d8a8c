// Fuzzes every function of the admin API and of each surface's entry points directly, each schema as its own role
// (switchboard.* as switchboard_admin, switchboard_agent.* as switchboard_agent, and so on), with
// hostile text for every parameter: each call succeeds, raises one of the ledger's SQLSTATEs (SB403/SB404/SB409/
// SB422), or raises one of the input errors the MCP layer maps to `invalid` (src/errors.ts); never anything else,
// and a refused call leaves the ledger digest unchanged.
import fc from 'fast-check';
import postgres from 'postgres';
import t from 'tap';
import { toCallerError } from '../../src/errors.js';
import { sqlValue } from './arbitraries.js';
import { makeWorld, RUNS, SEED } from './world.js';

// The agent verbs get FUZZ_RUNS cases each; the other functions (owner, Board, operator) FUZZ_OTHER_RUNS, by
// default a fifth of that, so the full run stays within an hour on two cores.
const VERBS = ['add_todo', 'claim', 'claim_next', 'heartbeat', 'complete', 'fail', 'release', 'get_todo', 'list_todos'];
const OTHER_RUNS = Number(process.env.FUZZ_OTHER_RUNS ?? Math.max(1, Math.ceil(RUNS / 5)));

// Functions whose valid calls would wreck the world for the others (revoking the fuzzer's endpoint, a claim budget of
// one a minute on it) run last.
const LAST = ['revoke_endpoint', 'prune', 'cancel', 'agent_cancel', 'a2a_cancel', 'set_endpoint_admission'];

t.test('every public SQL function refuses hostile input with a ledger or input error and changes nothing', async (t) => {
  const w = await makeWorld(t);
  const ROLE_OF: Record<string, string> = {
    switchboard: 'switchboard_admin',
    switchboard_agent: 'switchboard_agent',
    switchboard_board: 'switchboard_board',
    switchboard_worker: 'switchboard_worker',
    switchboard_metrics: 'switchboard_metrics',
  };
  const pools = Object.fromEntries(
    Object.entries(ROLE_OF).map(([schema, role]) => [schema, postgres(w.db.url, { max: 1, onnotice: () => {}, connection: { role } })]),
  );
  t.teardown(() => Promise.all(Object.values(pools).map((p) => p.end({ timeout: 5 }))));
  const fns = await w.db.sql<{ schema: string; name: string; args: string[]; types: string[] }[]>`
    select n.nspname as schema, p.proname as name, coalesce(p.proargnames[1:p.pronargs], '{}') as args,
           array(select format_type(x, null) from unnest(p.proargtypes::oid[]) with ordinality u(x, i) order by i) as types
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = any(${Object.keys(ROLE_OF)}) and p.prorettype <> 'trigger'::regtype
      and has_function_privilege(case n.nspname when 'switchboard' then 'switchboard_admin' else n.nspname end, p.oid, 'execute')
    order by (p.proname = any(${LAST})), n.nspname, p.proname`;
  t.ok(fns.length >= 60, `${fns.length} functions (admin API and entry points)`);
  t.comment(`fuzz seed ${SEED}, ${RUNS} cases per verb, ${OTHER_RUNS} per other function (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} FUZZ_OTHER_RUNS=${OTHER_RUNS})`);

  for (const fn of fns) {
    const seen: Record<string, number> = {};
    // Every parameter goes as text and Postgres parses it, as the ledger wrapper does: postgres.js would otherwise
    // format a timestamptz itself and throw on a malformed one before the database sees it.
    const app = pools[fn.schema];
    const query = `select ${fn.schema}.${fn.name}(${fn.args.map((a, i) => `${a} => $${i + 1}::text::${fn.types[i]}`).join(', ')}) as doc`;
    const arb = fc.tuple(...fn.types.map((type) => sqlValue(w, type)));
    const ledger = await w.guard();
    let n = 0;
    const outcome = await fc.check(
      fc.asyncProperty(arb, async (params) => {
        // After revoke_endpoint or cancel may have hit the world's own endpoint and todos, it is not topped up.
        if (++n % 200 === 0 && !LAST.includes(fn.name)) {
          await w.replenish();
          await ledger.reset();
        }
        let err: unknown = null;
        try {
          await app.unsafe(query, params as never[]);
        } catch (e) {
          err = e;
        }
        if (err === null) {
          seen.ok = (seen.ok ?? 0) + 1;
          await ledger.reset();
          return;
        }
        const code = String((err as { code?: unknown }).code);
        seen[code] = (seen[code] ?? 0) + 1;
        if (toCallerError(err).kind === 'internal') {
          throw new Error(`${fn.schema}.${fn.name}: SQLSTATE ${code}: ${String((err as Error).message).slice(0, 200)}`);
        }
        if (!(await ledger.unchanged())) throw new Error(`${fn.schema}.${fn.name}: a refused call (${code}) changed the ledger`);
      }),
      {
        seed: SEED,
        numRuns: VERBS.includes(fn.name) && ['switchboard', 'switchboard_agent'].includes(fn.schema) ? RUNS : OTHER_RUNS,
        endOnFailure: true,
      },
    );
    if (outcome.failed) {
      t.fail(String((outcome.errorInstance as Error)?.message ?? outcome.errorInstance), {
        seed: outcome.seed,
        counterexample: JSON.stringify(outcome.counterexample)?.slice(0, 400),
      });
    } else {
      t.pass(`${fn.schema}.${fn.name}: ${outcome.numRuns} cases, ${JSON.stringify(seen)}`);
    }
  }
});
