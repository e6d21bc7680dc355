export type ErrorDetail = { path: string; message: string };

/**
 * Every expected failure carries a stable `code` that clients and tests rely on; modules build theirs in
 * one `<module>.errors.ts` so clients and tests can rely on them.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    /** Sent with the answer, e.g. a 429's Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
