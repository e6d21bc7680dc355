import { HttpError, NetworkError } from './api-errors.ts';

/** SPEC §9: a failing request is retried up to 2 more times. */
export const MAX_EXTRA_ATTEMPTS = 2;

const RETRYABLE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Only reads are retried, and only when the failure may be transient: the network, or a 5xx.
 * A 4xx will fail the same way again, and repeating a mutation could apply it twice.
 */
export function shouldRetry(method: string, error: unknown, extraAttemptsDone: number): boolean {
  if (extraAttemptsDone >= MAX_EXTRA_ATTEMPTS) return false;
  if (!RETRYABLE_METHODS.has(method.toUpperCase())) return false;
  if (error instanceof NetworkError) return true;
  return error instanceof HttpError && error.status >= 500;
}

/** 300 ms, then 600 ms: long enough for a restarting server, short enough not to feel stuck. */
export function retryDelayMs(extraAttemptsDone: number): number {
  return 300 * 2 ** extraAttemptsDone;
}
