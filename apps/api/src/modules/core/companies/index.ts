export { companiesErrors } from './companies.errors.ts';
