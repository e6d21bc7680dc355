import { vetKinds } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    companySku: text('company_sku'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // E-mails are unique regardless of case (issue #2 §3).
    uniqueIndex('vets_email_lower_key').on(sql`lower(${table.email})`),
    index('vets_kind_idx').on(table.kind),
  ],
);

export type VetRow = typeof vets.$inferSelect;
export type NewVetRow = typeof vets.$inferInsert;
