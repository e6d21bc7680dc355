import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { pets } from '../../core/pets/pets.table.ts';
import { vets } from '../../core/vets/vets.table.ts';

/**
 * A dose of a vaccine or parasite treatment given to a pet, here or elsewhere (often a partner clinic):
 * what the schedule counts. The item is kept by its protocol code, so the protocol may change around it.
 */
export const preventiveDoses = pgTable(
  'preventive_doses',
  {
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    itemCode: text('item_code').notNull(),
    product: text('product').notNull(),
    batch: text('batch').notNull().default(''),
    givenOn: date('given_on', { mode: 'string' }).notNull(),
    givenAt: text('given_at').notNull().default(''),
    // As the vet wrote it: the person who gave it may work elsewhere and have no account.
    givenBy: text('given_by').notNull().default(''),
    recordedByVetId: uuid('recorded_by_vet_id').references(() => vets.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('preventive_doses_pet_item_given_idx').on(table.petId, table.itemCode, table.givenOn)],
);

/** An item a vet said does not apply to a pet, with why: one per pet and item, removed to apply it again. */
export const preventiveNotApplicable = pgTable(
  'preventive_not_applicable',
  {
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    itemCode: text('item_code').notNull(),
    reason: text('reason').notNull(),
    markedByVetId: uuid('marked_by_vet_id').references(() => vets.id),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('preventive_not_applicable_pet_item_uq').on(table.petId, table.itemCode)],
);

export type PreventiveDoseRow = typeof preventiveDoses.$inferSelect;
export type NewPreventiveDoseRow = typeof preventiveDoses.$inferInsert;
export type PreventiveNotApplicableRow = typeof preventiveNotApplicable.$inferSelect;
export type NewPreventiveNotApplicableRow = typeof preventiveNotApplicable.$inferInsert;
