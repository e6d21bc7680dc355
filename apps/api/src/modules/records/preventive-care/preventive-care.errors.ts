import { AppError } from '../../../lib/app-error.ts';
import { petsErrors } from '../../core/pets/index.ts';

export const preventiveCareErrors = {
  petNotFound: () => petsErrors.notFound(),
  unknownItem: (path: string) =>
    new AppError(400, 'preventive_care.unknown_item', 'Invalid request', [
      { path, message: 'No item of this pet’s protocol has this code' },
    ]),
  givenInFuture: () =>
    new AppError(400, 'preventive_care.given_in_future', 'Invalid request', [
      { path: 'givenOn', message: 'The date cannot be in the future' },
    ]),
  alreadyNotApplicable: () =>
    new AppError(
      409,
      'preventive_care.already_not_applicable',
      'This item is already marked not applicable',
      [{ path: 'itemCode', message: 'Already marked not applicable: remove the mark to change its reason' }],
    ),
  notApplicableNotFound: () =>
    new AppError(404, 'preventive_care.not_applicable_not_found', 'This item is not marked not applicable'),
};
