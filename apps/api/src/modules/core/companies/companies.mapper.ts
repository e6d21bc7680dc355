import type { Company } from '@vetboard/contract';
import type { CompanyCounts } from './companies.repository.ts';
import type { CompanyRow } from './companies.table.ts';

export function toCompanyDto(row: CompanyRow, counts: CompanyCounts): Company {
  return {
    sku: row.sku,
    name: row.name,
    kind: row.kind,
    dailyStatusEmails: row.dailyStatusEmails,
    urgentReportEmails: row.urgentReportEmails,
    usersCount: counts.usersCount,
    petsCount: counts.petsCount,
    vetsCount: counts.vetsCount,
  };
}
