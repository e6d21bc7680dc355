import { petsErrors } from '../../core/pets/index.ts';

export const dietPlansErrors = {
  petNotFound: () => petsErrors.namedPetNotFound('diet_plans'),
};
