import { AppError } from '../../../lib/app-error.ts';

export const subscriptionsErrors = {
  notFound: () => new AppError(404, 'subscriptions.not_found', 'Subscription not found'),
};
