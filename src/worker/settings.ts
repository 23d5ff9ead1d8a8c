// Operator switches that live in the ledger's settings, written from the environment by the commands that hold the
// admin API (`switchboard migrate`, and `start`, which migrates): instance settings are the admin's, never the
// server's or the worker's.
import { ADMIN_ROLE, createPool, roleFor } from '../db.js';
import type { Logger } from '../log.js';
import type { Config } from '../config.js';

/**
 * Writes SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT into the setting attempt_summary_from_result, on `url` as
 * switchboard_admin (where the login may take it), when the variable is set, and says so in the log; unset, the
 * setting stays whatever it is (the default, or what a DBA chose in psql). Returns the value written, or undefined.
 */
export async function applyAttemptSummaryFromResult(
  url: string,
  config: Pick<Config, 'SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT'>,
  log?: Logger,
): Promise<boolean | undefined> {
  const on = config.SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT;
  if (on === undefined) return undefined;
  const sql = createPool(url, { max: 1, role: await roleFor(url, ADMIN_ROLE), applicationName: 'switchboard-migrate' });
  try {
    await sql`select switchboard.set_attempt_summary_from_result(enabled => ${on}::boolean)`;
  } finally {
    await sql.end({ timeout: 5 });
  }
  log?.info(
    { setting: 'attempt_summary_from_result', value: on },
    `SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT is set: wrote attempt_summary_from_result = ${on}`,
  );
  return on;
}

/** serve cannot write instance settings: when the variable is set, say where it takes effect instead. */
export function noteAttemptSummaryFromResult(config: Pick<Config, 'SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT'>, log: Logger): void {
  if (config.SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT === undefined) return;
  log.warn(
    { setting: 'attempt_summary_from_result' },
    'SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT is written by `switchboard migrate` (and `start`), which hold the admin API; ' +
      'serve leaves the setting attempt_summary_from_result as it is',
  );
}

