import { AppError } from '../../../lib/app-error.ts';

export const companiesErrors = {
  notFound: () => new AppError(404, 'companies.not_found', 'Company not found'),
  forbidden: () => new AppError(403, 'companies.forbidden', 'Only head vets change a company’s contacts'),
};
