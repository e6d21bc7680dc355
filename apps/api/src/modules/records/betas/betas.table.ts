import { betaFeatures } from '@vetboard/contract';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../core/users/users.table.ts';
import { vets } from '../../core/vets/vets.table.ts';

export const betaFeatureEnum = pgEnum('beta_feature', betaFeatures);

export const betaUsers = pgTable(
  'beta_users',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    feature: betaFeatureEnum('feature').notNull(),
    notes: text('notes'),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    enrolledByVetId: uuid('enrolled_by_vet_id').references(() => vets.id),
  },
  (table) => [
    // A user is enrolled once per feature.
    uniqueIndex('beta_users_user_feature_key').on(table.userId, table.feature),
    // The list's default sort, tie-breaker included.
    index('beta_users_enrolled_idx').on(table.enrolledAt, table.id),
  ],
);

export type BetaUserRow = typeof betaUsers.$inferSelect;
export type NewBetaUserRow = typeof betaUsers.$inferInsert;
