export { companiesErrors } from './companies.errors.ts';
export { getCompany } from './companies.service.ts';
