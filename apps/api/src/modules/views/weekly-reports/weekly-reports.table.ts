import { type WeeklyReportContent, weeklyReportStatuses } from '@vetboard/contract';
import {
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { pets } from '../../core/pets/pets.table.ts';
import { vets } from '../../core/vets/vets.table.ts';
import { emailOutbox } from '../../platform/mail/mail.table.ts';

export const weeklyReportStatusEnum = pgEnum('weekly_report_status', weeklyReportStatuses);

/**
 * One report per monitored pet and ISO week (DOMAIN.md "Weekly reports"). `content` is computed once,
 * when the report is generated, so the report a vet reviews is the one the owner gets; the two
 * concern figures are copied out of it to order the inbox without reading the JSON.
 */
export const weeklyReports = pgTable(
  'weekly_reports',
  {
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id),
    /** `2026-W47`; `weekStart` is its Monday, for ordering and ranges. */
    week: text('week').notNull(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    /** The pet's company when the report was generated (the list's company filter). */
    companySku: text('company_sku'),
    status: weeklyReportStatusEnum('status').notNull().default('draft'),
    content: jsonb('content').$type<WeeklyReportContent>().notNull(),
    openCardCount: integer('open_card_count').notNull(),
    largestChangePercent: real('largest_change_percent'),
    vetComment: text('vet_comment').notNull().default(''),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    reviewedByVetId: uuid('reviewed_by_vet_id').references(() => vets.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    sentByVetId: uuid('sent_by_vet_id').references(() => vets.id),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentEmailId: uuid('sent_email_id').references(() => emailOutbox.id),
  },
  (table) => [
    uniqueIndex('weekly_reports_pet_week_idx').on(table.petId, table.week),
    index('weekly_reports_inbox_idx').on(table.week, table.status),
  ],
);

export type WeeklyReportRow = typeof weeklyReports.$inferSelect;
export type NewWeeklyReportRow = typeof weeklyReports.$inferInsert;
