// Text the spec says is cut, never refused, made storable before it reaches SQL: Postgres text cannot hold U+0000.
// SQL still strips the other control characters of a claimant itself (for a DBA's psql call alike).

/** A summary (or any "never rejected" text) without NUL characters; null and undefined pass through. */
export function withoutNul<T extends string | null | undefined>(s: T): T {
  return (typeof s === 'string' ? s.replace(/\u0000/g, '') : s) as T;
}

/** A claimant without any control character (C0, DEL, C1), as the spec says; null and undefined pass through. */
export function claimantText<T extends string | null | undefined>(s: T): T {
  return (typeof s === 'string' ? s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '') : s) as T;
}
