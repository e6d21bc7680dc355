import { AppError } from '../../../lib/app-error.ts';

export const familiesErrors = {
  notFound: () => new AppError(404, 'families.not_found', 'Family not found'),
  ownerNotFound: () => new AppError(404, 'families.owner_not_found', 'This family has no owner'),
};
