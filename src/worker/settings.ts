// Operator switches that live in the ledger's settings, written from the environment when a server starts.
import type postgres from 'postgres';
import type { OpsConfig } from './config.js';
import * as ledger from './ledger.js';

/**
 * Writes SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT (unset = false) into the setting attempt_summary_from_result,
 * so the environment is the one switch: unsetting it and restarting turns it off again. Call once at start.
 */
export async function applyAttemptSummaryFromResult(
  sql: postgres.Sql,
  config: Pick<OpsConfig, 'SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT'>,
): Promise<boolean> {
  const on = config.SWITCHBOARD_ATTEMPT_SUMMARY_FROM_RESULT;
  await ledger.setAttemptSummaryFromResult(sql, on);
  return on;
}
