import { companyKinds } from '@vetboard/contract';
import { pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const companyKindEnum = pgEnum('company_kind', companyKinds);

/** B2B companies are addressed by their sku (DOMAIN.md: the one id that is not a UUID). */
export const companies = pgTable('companies', {
  sku: text('sku').primaryKey(),
  name: text('name').notNull(),
  kind: companyKindEnum('kind').notNull().default('other'),
  dailyStatusEmails: text('daily_status_emails').array().notNull().default([]),
  urgentReportEmails: text('urgent_report_emails').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompanyRow = typeof companies.$inferInsert;
