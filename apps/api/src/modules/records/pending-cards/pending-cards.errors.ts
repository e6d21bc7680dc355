import { AppError } from '../../../lib/app-error.ts';

export const pendingCardsErrors = {
  notFound: () => new AppError(404, 'pending_cards.not_found', 'Pending card not found'),
  triggerNotFound: () => new AppError(404, 'pending_cards.trigger_not_found', 'Trigger not found'),
  resolved: () => new AppError(409, 'pending_cards.resolved', 'This pending card has already been resolved'),
  triggerResolved: () =>
    new AppError(409, 'pending_cards.trigger_resolved', 'This trigger has already been resolved'),
  claimedByAnother: () =>
    new AppError(409, 'pending_cards.claimed_by_another', 'Another vet has claimed this pending card'),
  notResolved: () => new AppError(409, 'pending_cards.not_resolved', 'This pending card is still open'),
  openCardExists: () =>
    new AppError(
      409,
      'pending_cards.open_card_exists',
      'The pet has a newer open card for this concern: work that one instead',
    ),
  // SPEC §7's card Resolve takes a note; its last trigger resolves the card too, so it asks the same.
  lastTriggerNeedsNote: () =>
    new AppError(
      409,
      'pending_cards.last_trigger_needs_note',
      'Resolving the last open trigger resolves the card',
      [{ path: 'note', message: 'A note is required to resolve the card' }],
    ),
  snoozeInPast: () =>
    new AppError(400, 'pending_cards.snooze_in_past', 'Invalid request', [
      { path: 'until', message: 'Snooze until a time in the future' },
    ]),
};
