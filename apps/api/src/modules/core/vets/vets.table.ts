import { vetKinds } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.ts';

export const vetKindEnum = pgEnum('vet_kind', vetKinds);

export const vets = pgTable(
  'vets',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    imageUrl: text('image_url'),
    kind: vetKindEnum('kind').notNull().default('undefined'),
    companySku: text('company_sku').references(() => companies.sku),
    disabled: boolean('disabled').notNull().default(false),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): ReturnType<typeof sql> =>
          sql`lower(${vets.firstName} || ' ' || ${vets.lastName} || ' ' || ${vets.email})`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last password login (sessions are purged, so they cannot tell); the vet's page shows it. */
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true }),
  },
  (table) => [
    // E-mails are unique regardless of case: people type them both ways, and sign-in ignores case.
    uniqueIndex('vets_email_lower_key').on(sql`lower(${table.email})`),
    index('vets_kind_idx').on(table.kind),
    index('vets_company_idx').on(table.companySku),
    index('vets_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

export type VetRow = typeof vets.$inferSelect;
export type NewVetRow = typeof vets.$inferInsert;
