// Structured logs (pino). Credentials and lease tokens are redacted wherever they could appear.
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

// Paths at which a secret could sit in a log object; nothing should put one there, and if it does the
// value never reaches the output.
const REDACT = [
  'credential',
  'lease_token',
  'authorization',
  'password',
  '*.credential',
  '*.lease_token',
  '*.authorization',
  '*.password',
  'headers.authorization',
  '*.headers.authorization',
  'args',
  '*.args',
  'parameters',
  '*.parameters',
];

// Credentials have a recognisable prefix, so any that slipped into free text (an error message) is cut too.
const CREDENTIAL_TEXT = /sbk_[A-Za-z0-9]+/g;

/** An error as logged: its class, SQLSTATE and message, never the query, its parameters or a stack. */
export function safeError(err: unknown): Record<string, unknown> {
  // Already reduced (a caller passed safeError(e) as err, and the serializer runs again): keep it.
  if (err && typeof err === 'object' && !(err instanceof Error) && typeof (err as { type?: unknown }).type === 'string') {
    return err as Record<string, unknown>;
  }
  if (!(err instanceof Error)) return { type: typeof err };
  const e = err as Error & { code?: unknown; routine?: unknown };
  return {
    type: e.constructor?.name ?? 'Error',
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.routine === 'string' ? { routine: e.routine } : {}),
    message: e.message,
  };
}

export interface LogOptions {
  level?: string;
  /** Where lines go: a stream, or a file descriptor (1 stdout, 2 stderr). Default stdout. */
  destination?: DestinationStream | number;
}

export function createLogger(opts: LogOptions = {}): Logger {
  const dest =
    typeof opts.destination === 'object' ? opts.destination : pino.destination({ fd: opts.destination ?? 1, sync: true });
  return pino(
    {
      level: opts.level ?? 'info',
      base: { service: 'switchboard' },
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: { err: safeError },
      hooks: { streamWrite: (line: string) => line.replace(CREDENTIAL_TEXT, 'sbk_[redacted]') },
    },
    dest,
  );
}
