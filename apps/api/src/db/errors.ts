const UNIQUE_VIOLATION = '23505';

/**
 * Whether `error`, or what it wraps (drizzle wraps driver errors in `cause`), violates the unique index
 * `constraint`. A check before a write can lose a race; the index cannot, so writes map this to a 409.
 * The message is searched too, for drivers that do not fill `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (
      candidate.code === UNIQUE_VIOLATION &&
      (candidate.constraint === constraint || String(candidate.message).includes(constraint))
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}
