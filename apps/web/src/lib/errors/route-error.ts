import { HttpError } from '../api/api-errors.ts';

/** An error a route throws on purpose, carrying the status the error page shows (SPEC §8 "Route error"). */
export class RouteError extends Error {
  override readonly name = 'RouteError';

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const NOT_FOUND_STATUS = 404;
export const NOT_FOUND_MESSAGE = 'This page could not be found';

/** SPEC §8: the error page shows a status and a message, defaulting to 500 and 'Error'. */
export function describeRouteError(error: unknown): { status: number; message: string } {
  const status = error instanceof RouteError || error instanceof HttpError ? error.status : 500;
  const message = error instanceof Error && error.message ? error.message : 'Error';
  return { status, message };
}
