import { AppError } from '../../../lib/app-error.ts';

export const dietPlansErrors = {
  petNotFound: () =>
    new AppError(400, 'diet_plans.pet_not_found', 'Invalid request', [
      { path: 'petUuid', message: 'No pet with this id' },
    ]),
};
