import { notifications } from '@mantine/notifications';
import { errorMessage, SessionExpiredError } from '../api/api-errors.ts';

/** SPEC §8: a failure the caller does not handle becomes a red toast titled 'Error'. */
export function notifyRequestError(error: unknown): void {
  // An expired session is already on its way to the login page; a toast would only add noise.
  if (error instanceof SessionExpiredError) return;
  notifications.show({ color: 'red', title: 'Error', message: errorMessage(error) });
}
