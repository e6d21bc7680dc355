import { familyKinds } from '@vetboard/contract';
import { type AnyPgColumn, index, pgEnum, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

export const familyKindEnum = pgEnum('family_kind', familyKinds);

export const families = pgTable(
  'families',
  {
    id: uuid('id').primaryKey(),
    familyKind: familyKindEnum('family_kind').notNull().default('unspecified'),
    // Nullable because a family and its owner are created together: the family first, then the owner.
    ownerUserId: uuid('owner_user_id').references((): AnyPgColumn => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('families_owner_idx').on(table.ownerUserId),
    // Performance: counts of one kind's families (the home page's B2B pets) start from the few of
    // that kind instead of walking every family.
    index('families_kind_idx').on(table.familyKind),
  ],
);

export type FamilyRow = typeof families.$inferSelect;
export type NewFamilyRow = typeof families.$inferInsert;
