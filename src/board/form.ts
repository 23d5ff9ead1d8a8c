// What the Board's routes read from a request: a query or form field, an id's shape, and the status of each refusal.
import type { CallerError } from '../errors.js';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const STATUS: Record<CallerError['kind'], number> = {
  not_found: 404,
  conflict: 409,
  invalid: 422,
  forbidden: 403,
  throttled: 429,
  unavailable: 503,
  internal: 500,
};

export function first(v: unknown): string | null {
  if (Array.isArray(v)) return first(v[0]);
  return typeof v === 'string' ? v : null;
}

export function field(body: unknown, name: string): string | null {
  const v = first((body as Record<string, unknown> | undefined)?.[name]);
  return v === null || v.trim() === '' ? null : v;
}
