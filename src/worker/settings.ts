// Operator switches that live in the ledger's settings, written from the environment when a server starts.
import type postgres from 'postgres';
import type { Logger } from '../log.js';
import type { Config } from '../config.js';
import * as ledger from './ledger.js';

/**
 * Writes SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT into the setting attempt_summary_from_result when the variable is
 * set, and says so in the log; unset, the setting stays whatever it is (the default, or what a DBA chose in psql).
 * Returns the value written, or undefined when nothing was. Call once at start.
 */
export async function applyAttemptSummaryFromResult(
  sql: postgres.Sql,
  config: Pick<Config, 'SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT'>,
  log?: Logger,
): Promise<boolean | undefined> {
  const on = config.SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT;
  if (on === undefined) return undefined;
  await ledger.setAttemptSummaryFromResult(sql, on);
  log?.info(
    { setting: 'attempt_summary_from_result', value: on },
    `SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT is set: wrote attempt_summary_from_result = ${on}`,
  );
  return on;
}
