// The TypeScript's copy of the shared constants (src/contract.gen.ts) is what switchboard.contract() says, and the
// surfaces use it: errors map every ledger SQLSTATE, the CLI offers exactly the contract's verbs.
import t from 'tap';
import { CONTRACT } from '../../src/contract.gen.js';
import { toCallerError } from '../../src/errors.js';
import { freshDatabase } from '../helpers/db.js';

t.test('src/contract.gen.ts matches switchboard.contract() of a migrated database', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const [{ doc }] = await db.sql`select switchboard.contract() as doc`;
  t.same(CONTRACT, doc, 'regenerate with npm run schema when this fails');
  for (const e of CONTRACT.errors) {
    const raised = await db.sql`select switchboard_internal.raise(${e.kind}, 'probe')`.then(
      () => null,
      (err: unknown) => err,
    );
    t.equal(toCallerError(raised).kind, e.kind, `${e.sqlstate} raised by SQL maps to ${e.kind} in the TypeScript`);
  }
});
