import type { Company, CompanyContacts } from '@vetboard/contract';
import type { Db } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import type { Actor, VetActor } from '../../../policy/actor.ts';
import { mayEditCompanyContacts } from '../../../policy/rights.ts';
import { companyCondition } from '../../../policy/scope.ts';
import { auditDiff, hasChanges, recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf, recordEvent } from '../../platform/events/index.ts';
import { companiesErrors } from './companies.errors.ts';
import { toCompanyDto } from './companies.mapper.ts';
import { countCompanyPeople, findCompanyBySku, lockCompany, updateCompany } from './companies.repository.ts';
import { companies } from './companies.table.ts';

export async function getCompany(deps: { db: Db }, actor: Actor, sku: string): Promise<Company> {
  const company = await findCompanyBySku(deps.db, sku, companyCondition(actor, companies.sku));
  if (!company) throw companiesErrors.notFound();
  return toCompanyDto(company, await countCompanyPeople(deps.db, sku));
}

/** Whether a company has this code, whoever asks: for a token scoped to it (integrations). */
export async function companyExists(deps: { db: Db }, sku: string): Promise<boolean> {
  return (await findCompanyBySku(deps.db, sku, undefined)) !== undefined;
}

/** Addresses are kept lower-cased and once each, in the order given. */
const distinct = (emails: string[]) => [...new Set(emails.map((email) => email.trim().toLowerCase()))];

/** A head vet sets where the company's daily statuses and urgent reports are e-mailed. */
export async function updateCompanyContacts(
  deps: { db: Db; now: Now },
  actor: VetActor,
  sku: string,
  input: CompanyContacts,
): Promise<Company> {
  await deps.db.transaction(async (tx) => {
    // Out of scope is unknown before it is forbidden, so a company vet learns nothing of another company.
    const row = await lockCompany(tx, sku, companyCondition(actor, companies.sku));
    if (!row) throw companiesErrors.notFound();
    if (!mayEditCompanyContacts(actor)) throw companiesErrors.forbidden();
    const wanted = {
      dailyStatusEmails: distinct(input.dailyStatusEmails),
      urgentReportEmails: distinct(input.urgentReportEmails),
    };
    const diff = auditDiff(
      { dailyStatusEmails: row.dailyStatusEmails, urgentReportEmails: row.urgentReportEmails },
      wanted,
    );
    if (!hasChanges(diff)) return;
    await updateCompany(tx, sku, diff.changes, deps.now());
    await recordEvent(tx, {
      type: 'company.changed',
      entity: 'company',
      id: sku,
      companySku: sku,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action: 'companies.contacts',
      entity: 'company',
      entityId: sku,
      changes: { before: diff.before, after: diff.after },
    });
  });
  return getCompany(deps, actor, sku);
}
