import type { FormQuestionGroup } from '@vetboard/contract';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { vets } from '../../core/vets/vets.table.ts';

/**
 * A checkup form; a pool (`is_pool`) is a reusable template. Its questions live in `form_versions`:
 * each save of a form is a new version and `version` names the current one.
 */
export const forms = pgTable(
  'forms',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    sku: text('sku').notNull().unique(),
    isPool: boolean('is_pool').notNull().default(true),
    poolId: uuid('pool_id').references((): AnyPgColumn => forms.id, { onDelete: 'set null' }),
    manuallySendable: boolean('manually_sendable').notNull().default(true),
    version: integer('version').notNull().default(1),
    // Deleting a form that has checkups archives it: hidden from pickers, still readable.
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdByVetId: uuid('created_by_vet_id').references(() => vets.id),
    updatedByVetId: uuid('updated_by_vet_id').references(() => vets.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('forms_updated_idx').on(table.updatedAt)],
);

export type FormRow = typeof forms.$inferSelect;
export type NewFormRow = typeof forms.$inferInsert;

/** The questions of one version of a form, exactly as checkups sent with it show them; never updated. */
export const formVersions = pgTable(
  'form_versions',
  {
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    questionGroups: jsonb('question_groups').$type<FormQuestionGroup[]>().notNull(),
    createdByVetId: uuid('created_by_vet_id').references(() => vets.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.formId, table.version] })],
);

export type FormVersionRow = typeof formVersions.$inferSelect;
