import { AppError } from '../../../lib/app-error.ts';
import { petsErrors } from '../../core/pets/index.ts';

export const remindersErrors = {
  notFound: () => new AppError(404, 'reminders.not_found', 'Reminder not found'),
  petNotFound: () => petsErrors.namedPetNotFound('reminders'),
  cardNotFound: () =>
    new AppError(400, 'reminders.card_not_found', 'Invalid request', [
      { path: 'pendingCardUuid', message: 'No pending card of this pet with this id' },
    ]),
  assigneeNotFound: () =>
    new AppError(400, 'reminders.assignee_not_found', 'Invalid request', [
      { path: 'assigneeUuid', message: 'No vet with this id' },
    ]),
  assigneeCannotSeePet: () =>
    new AppError(400, 'reminders.assignee_out_of_scope', 'Invalid request', [
      { path: 'assigneeUuid', message: 'This vet cannot see this pet' },
    ]),
  alreadyDone: () => new AppError(409, 'reminders.already_done', 'This reminder is already done'),
  notDone: () => new AppError(409, 'reminders.not_done', 'This reminder is still open'),
};
