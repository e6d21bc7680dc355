import { AppError } from '../../lib/app-error.ts';

export const companiesErrors = {
  notFound: () => new AppError(404, 'companies.not_found', 'Company not found'),
};
