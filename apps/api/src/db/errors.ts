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

/**
 * SQLSTATEs of a server that is going away or not there yet: 57P01 admin_shutdown (a fast restart),
 * 57P02 crash_shutdown (another backend crashed), 57P03 cannot_connect_now (starting or stopping), and
 * class 08, connection exceptions.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
]);
/** What Node's sockets say when the server is not reachable or the connection drops. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's own messages for a connection that ended under it or was already broken. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * Whether `error`, or what it wraps, says the database is unreachable for now (a restart, a failover, a
 * dropped connection) rather than that the request was wrong: the API answers 503 and the client may retry.
 * Whether a statement in flight when the connection dropped committed is unknown, which is why such a
 * write is never acknowledged.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return findInCauseChain(error, (candidate) => {
    if (typeof candidate.code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(candidate.code) || UNAVAILABLE_SOCKET_CODES.has(candidate.code))
        return true;
    }
    const message = typeof candidate.message === 'string' ? candidate.message : '';
    return UNAVAILABLE_MESSAGES.some((known) => message.startsWith(known));
  });
}
