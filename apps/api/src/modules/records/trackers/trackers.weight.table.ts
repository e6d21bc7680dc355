import { weightAuthors, weightLocations } from '@vetboard/contract';
import { index, numeric, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { pets } from '../../core/pets/pets.table.ts';
import { users } from '../../core/users/users.table.ts';
import { vets } from '../../core/vets/vets.table.ts';

export const weightLocationEnum = pgEnum('weight_location', weightLocations);
export const weightAuthorEnum = pgEnum('weight_author', weightAuthors);

/** Weight entries (kg) from owners and vets; vets correct them in place, each change audited. */
export const weightEntries = pgTable(
  'weight_entries',
  {
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id),
    valueKg: numeric('value_kg', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
    location: weightLocationEnum('location').notNull(),
    author: weightAuthorEnum('author').notNull(),
    authorVetId: uuid('author_vet_id').references(() => vets.id),
    authorUserId: uuid('author_user_id').references(() => users.id),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('weight_entries_pet_time_idx').on(table.petId, table.measuredAt)],
);

export type WeightEntryRow = typeof weightEntries.$inferSelect;
export type NewWeightEntryRow = typeof weightEntries.$inferInsert;
