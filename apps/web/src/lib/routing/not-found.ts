import { notFound } from '@tanstack/react-router';
import { HttpError } from '../api/api-errors.ts';

/**
 * SPEC §8: a page about something the API does not know (a well-formed but unknown id) is the same
 * 404 page as an unmatched route, not an error page with the API's message.
 */
export async function orNotFound<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw notFound();
    throw error;
  }
}
