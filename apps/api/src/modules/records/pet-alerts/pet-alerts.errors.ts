import { AppError } from '../../../lib/app-error.ts';
import { petsErrors } from '../../core/pets/index.ts';

export const petAlertsErrors = {
  petNotFound: () => petsErrors.notFound(),
  notFound: () => new AppError(404, 'pet_alerts.not_found', 'Alert not found'),
  alreadySet: () =>
    new AppError(409, 'pet_alerts.already_set', 'The pet already has this alert', [
      { path: 'kind', message: 'Already set' },
    ]),
};
