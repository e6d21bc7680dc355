import type { Company } from '@vetboard/contract';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../policy/actor.ts';
import { companyCondition } from '../../policy/scope.ts';
import { companiesErrors } from './companies.errors.ts';
import { toCompanyDto } from './companies.mapper.ts';
import { countCompanyPeople, findCompanyBySku } from './companies.repository.ts';
import { companies } from './companies.table.ts';

export async function getCompany(deps: { db: Db }, actor: Actor, sku: string): Promise<Company> {
  const company = await findCompanyBySku(deps.db, sku, companyCondition(actor, companies.sku));
  if (!company) throw companiesErrors.notFound();
  return toCompanyDto(company, await countCompanyPeople(deps.db, sku));
}
