import { companyEmailKinds } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../../core/companies/companies.table.ts';
import { pets } from '../../core/pets/pets.table.ts';
import { vets } from '../../core/vets/vets.table.ts';
import { emailOutbox } from '../../platform/mail/mail.table.ts';

/** A text replaced by an edit: kept, with who had written it and when. */
export interface DailyStatusEditValue {
  dailyStatus: string;
  vetId: string | null;
  at: string;
}

/**
 * What a vet writes about a B2B pet's day (DOMAIN.md "B2B"). One live status per pet and day; a
 * deleted one is kept with who deleted it and when, and leaves the lists and e-mails.
 */
export const dailyStatuses = pgTable(
  'daily_statuses',
  {
    id: uuid('id').primaryKey(),
    companySku: text('company_sku')
      .notNull()
      .references(() => companies.sku),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id),
    date: date('date', { mode: 'string' }).notNull(),
    dailyStatus: text('daily_status').notNull(),
    createdByVetId: uuid('created_by_vet_id').references(() => vets.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedByVetId: uuid('updated_by_vet_id').references(() => vets.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    edits: jsonb('edits').$type<DailyStatusEditValue[]>().notNull().default([]),
    deletedByVetId: uuid('deleted_by_vet_id').references(() => vets.id),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('daily_statuses_live_pet_date_idx')
      .on(table.petId, table.date)
      .where(sql`${table.deletedAt} is null`),
    index('daily_statuses_company_date_idx').on(table.companySku, table.date),
    // A pet's timeline reads its newest events of each kind from here, a page at a time.
    index('daily_statuses_pet_created_idx').on(table.petId, table.createdAt).where(sql`deleted_at is null`),
  ],
);

export type DailyStatusRow = typeof dailyStatuses.$inferSelect;
export type NewDailyStatusRow = typeof dailyStatuses.$inferInsert;

export const companyEmailKindEnum = pgEnum('company_email_kind', companyEmailKinds);

/**
 * Which outbox e-mails went to a company and why: the outbox row holds to, subject, who, when and
 * how delivery went; this ties it to the company (and the day or pet it was about).
 */
export const companyEmails = pgTable(
  'company_emails',
  {
    emailId: uuid('email_id')
      .primaryKey()
      .references(() => emailOutbox.id),
    companySku: text('company_sku')
      .notNull()
      .references(() => companies.sku),
    kind: companyEmailKindEnum('kind').notNull(),
    statusDate: date('status_date', { mode: 'string' }),
    petId: uuid('pet_id').references(() => pets.id),
    /** An urgent report's own words, so the pet's status history shows what was reported. */
    reportText: text('report_text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('company_emails_company_idx').on(table.companySku, table.kind, table.createdAt),
    // A pet's urgent reports, newest first, for its status history.
    index('company_emails_pet_idx').on(table.petId, table.createdAt).where(sql`pet_id is not null`),
  ],
);

export type CompanyEmailRow = typeof companyEmails.$inferSelect;
