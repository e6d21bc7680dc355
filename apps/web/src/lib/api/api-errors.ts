import type { ErrorResponse } from '@vetboard/contract';

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';

/** The server answered with a non-2xx status; `serverMessage` is its `error` field when the body had one. */
export class HttpError extends Error {
  override readonly name: string = 'HttpError';

  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly code: string | undefined,
    readonly details: ErrorResponse['details'] = undefined,
  ) {
    super(serverMessage ?? `Request failed with status ${status}`);
  }
}

/**
 * A 401 after the refresh attempt failed: the session is over and the vet is already being sent to
 * login (SPEC §8, first row), so nobody should show it as an error.
 */
export class SessionExpiredError extends HttpError {
  override readonly name: string = 'SessionExpiredError';
}

/** The request never got an answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** SPEC §8: the server's `error` text, or the generic message for non-HTTP failures and bodies without one. */
export function errorMessage(error: unknown): string {
  return error instanceof HttpError && error.serverMessage ? error.serverMessage : UNEXPECTED_ERROR_MESSAGE;
}
