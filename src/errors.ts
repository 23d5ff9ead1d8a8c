// Maps what the database raised to the error a caller sees: the ledger's five kinds, bad input, or internal.

import { CONTRACT } from './contract.gen.js';

/**
 * A ledger error kind (switchboard.contract()'s errors), `unavailable` (the database could not answer now: retry
 * shortly) or internal.
 */
export type ErrorKind = (typeof CONTRACT.errors)[number]['kind'] | 'unavailable' | 'internal';

export interface CallerError {
  kind: ErrorKind;
  /** Starts with the kind. For ledger errors it is the database's message, verbatim. */
  message: string;
  /** What the caller can do about it (the database's hint), or ''. */
  hint: string;
  /** throttled only: whole seconds until the endpoint's claim budget has a unit again (from the error's DETAIL). */
  retryAfterSeconds?: number;
  /**
   * forbidden only: the database refused the credential itself (unknown, expired, revoked, rotated out), as its
   * DETAIL {"credential": "refused"} says, not a verb the endpoint lacks. The HTTP surfaces answer it 401.
   */
  credentialRefused?: boolean;
}

// SQLSTATE -> kind, as switchboard.contract() (and so error_codes()) defines them.
const LEDGER: Record<string, ErrorKind> = Object.fromEntries(CONTRACT.errors.map((e) => [e.sqlstate, e.kind]));

/** Whether a forbidden error's DETAIL is {"credential": "refused"} (switchboard_internal.refuse_credential). */
function refusesCredential(detail: unknown): boolean {
  if (typeof detail !== 'string') return false;
  try {
    return (JSON.parse(detail) as { credential?: unknown } | null)?.credential === 'refused';
  } catch {
    return false;
  }
}

/** retry_after_seconds from a throttled error's DETAIL ({"retry_after_seconds": n}), or undefined. */
function retryAfter(detail: unknown): number | undefined {
  if (typeof detail !== 'string') return undefined;
  try {
    const n = (JSON.parse(detail) as { retry_after_seconds?: unknown }).retry_after_seconds;
    return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

// Postgres rejecting a value the caller sent (a malformed uuid or time, an integer out of range, a NUL
// byte, JSON nested too deep). Nothing changed, and the caller can fix it, so it is `invalid`.
const BAD_INPUT: Record<string, string> = {
  '22P02': 'a value has the wrong form (for example an id that is not a uuid)',
  '22023': 'a value is out of range or malformed',
  '22003': 'a number is out of range',
  '22021': 'a text value has bytes that are not valid UTF-8 (NUL bytes included)',
  '22P05': 'a text value contains a character that cannot be stored (such as \\u0000)',
  '54001': 'a JSON value is nested too deeply',
  '22007': 'a time is not in RFC 3339 form',
  '22008': 'a time is out of range',
  '22009': 'a time is out of range or its offset is malformed',
  '22001': 'a value is too long',
};

// The database was unreachable, restarting, failing over, overloaded or too slow (statement_timeout): the caller did
// nothing wrong and the same call can be retried: `unavailable`. 25006 (read-only transaction) is a session that
// landed on a standby, or on a primary being demoted; the 57P0x family an administrator's or a failover's shutdown.
const UNAVAILABLE = new Set([
  '57014', '57P01', '57P02', '57P03', '57P04', '57P05', '53300', '08000', '08001', '08003', '08004', '08006', '08P01',
  '40001', '40P01', '55P03', '25006',
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
  'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED',
]);

const BAD_INPUT_HINT = "Check each argument's type and format against the tool's input schema; nothing was changed.";

function sqlstate(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Input rejected before it reached the database (JSON our own serialiser cannot write, for one). */
export class InputError extends Error {
  constructor(readonly detail: string) {
    super(`invalid: ${detail}`);
  }
}

/** The caller-facing error for anything a ledger call threw. */
export function toCallerError(err: unknown): CallerError {
  if (err instanceof InputError) return invalidInput(err.detail);
  const code = sqlstate(err);
  const e = err as { message?: unknown; hint?: unknown; detail?: unknown };
  if (code && LEDGER[code]) {
    const ce: CallerError = {
      kind: LEDGER[code],
      message: String(e.message ?? LEDGER[code]),
      hint: typeof e.hint === 'string' ? e.hint : '',
    };
    if (ce.kind === 'throttled') ce.retryAfterSeconds = retryAfter(e.detail) ?? 1;
    if (ce.kind === 'forbidden' && refusesCredential(e.detail)) ce.credentialRefused = true;
    return ce;
  }
  if (code && BAD_INPUT[code]) {
    return { kind: 'invalid', message: `invalid: ${BAD_INPUT[code]}`, hint: BAD_INPUT_HINT };
  }
  if (code && UNAVAILABLE.has(code)) {
    return {
      kind: 'unavailable',
      message: 'unavailable: the database is unavailable or busy; retry shortly',
      hint: 'Retry in a few seconds. If the first call did land, a retried complete, fail or release answers conflict.',
    };
  }
  return { kind: 'internal', message: 'internal error', hint: 'Retry later; if it persists, tell the operator.' };
}

/** A caller error built here rather than by the database (argument validation before any SQL runs). */
export function invalidInput(detail: string): CallerError {
  return { kind: 'invalid', message: `invalid: ${detail}`, hint: BAD_INPUT_HINT };
}
