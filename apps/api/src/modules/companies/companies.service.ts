import type { Company } from '@vetboard/contract';
import type { Db } from '../../db/client.ts';
import { companiesErrors } from './companies.errors.ts';
import { toCompanyDto } from './companies.mapper.ts';
import { countCompanyPeople, findCompanyBySku } from './companies.repository.ts';

export async function getCompany(deps: { db: Db }, sku: string): Promise<Company> {
  const company = await findCompanyBySku(deps.db, sku);
  if (!company) throw companiesErrors.notFound();
  return toCompanyDto(company, await countCompanyPeople(deps.db, sku));
}
