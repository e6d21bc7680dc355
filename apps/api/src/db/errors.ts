const UNIQUE_VIOLATION = '23505';

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The first error in the chain (drizzle wraps driver errors in `cause`) that `matches`, if any. */
function findInCauseChain(error: unknown, matches: (candidate: DriverError) => boolean): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    if (matches(current as DriverError)) return true;
    current = (current as DriverError).cause;
  }
  return false;
}

/** Whether the server refused with one of these SQLSTATEs (e.g. 40P01 deadlock, 40001 serialization). */
export function hasSqlState(error: unknown, codes: ReadonlySet<string>): boolean {
  return findInCauseChain(
    error,
    (candidate) => typeof candidate.code === 'string' && codes.has(candidate.code),
  );
}

/**
 * Whether `error`, or what it wraps, violates the unique index
 * `constraint`. A check before a write can lose a race; the index cannot, so writes map this to a 409.
 * The message is searched too, for drivers that do not fill `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return findInCauseChain(
    error,
    (candidate) =>
      candidate.code === UNIQUE_VIOLATION &&
      (candidate.constraint === constraint || String(candidate.message).includes(constraint)),
  );
}
