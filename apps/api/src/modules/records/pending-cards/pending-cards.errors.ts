import { AppError } from '../../../lib/app-error.ts';

export const pendingCardsErrors = {
  notFound: () => new AppError(404, 'pending_cards.not_found', 'Pending card not found'),
  triggerNotFound: () => new AppError(404, 'pending_cards.trigger_not_found', 'Trigger not found'),
  resolved: () => new AppError(409, 'pending_cards.resolved', 'This pending card has already been resolved'),
  triggerResolved: () =>
    new AppError(409, 'pending_cards.trigger_resolved', 'This trigger has already been resolved'),
  claimedByAnother: () =>
    new AppError(409, 'pending_cards.claimed_by_another', 'Another vet has claimed this pending card'),
  snoozeInPast: () =>
    new AppError(400, 'pending_cards.snooze_in_past', 'Invalid request', [
      { path: 'until', message: 'Snooze until a time in the future' },
    ]),
};
