export { companiesErrors } from './companies.errors.ts';
export { companyExists, getCompany } from './companies.service.ts';
