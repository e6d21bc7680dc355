import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.ts';
import { families } from '../families/families.table.ts';

/** Pet owners using the app (DOMAIN.md "Who uses it"); `user_type` 1 = the product's own, 2 = B2B. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    userType: smallint('user_type').$type<1 | 2>().notNull(),
    b2bCode: text('b2b_code').references(() => companies.sku),
    familyId: uuid('family_id').references((): AnyPgColumn => families.id),
    city: text('city'),
    country: text('country'),
    timezone: text('timezone').notNull().default('UTC'),
    // The owner asked for no care reminder e-mails (vaccines, parasite treatments due): never sent one.
    reminderEmailsOptOut: boolean('reminder_emails_opt_out').notNull().default(false),
    // Lower-cased name and e-mail in one column, trigram-indexed for lists and global search.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): ReturnType<typeof sql> =>
          sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`,
      ),
    // Performance (issue #48): the pets of the user's family, kept exact by the database's triggers on
    // pets and users (`users_pets_count_*`, migration 0020), so that sorting by it walks an index
    // instead of counting every family's pets.
    petsCount: integer('pets_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One index per list sort, tie-breaker (id) included, so that a page walks the index and stops at
  // its end instead of sorting every user (walked backwards for `desc`).
  (table) => [
    index('users_created_idx').on(table.createdAt, table.id),
    index('users_name_lower_idx').on(sql`lower(${table.lastName})`, sql`lower(${table.firstName})`, table.id),
    index('users_email_lower_idx').on(sql`lower(${table.email})`, table.id),
    index('users_type_created_idx').on(table.userType, table.createdAt, table.id),
    index('users_pets_count_idx').on(table.petsCount, table.id),
    index('users_family_idx').on(table.familyId),
    index('users_b2b_code_idx').on(table.b2bCode),
    index('users_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
