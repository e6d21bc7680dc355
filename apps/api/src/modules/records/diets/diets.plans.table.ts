import { sql } from 'drizzle-orm';
import { index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { pets } from '../../core/pets/pets.table.ts';
import { vets } from '../../core/vets/vets.table.ts';
import { dietKindEnum } from './diets.enums.ts';
import { diets } from './diets.table.ts';

/** The plan a published diet belongs to; a pet's open plan (ended_at null) is its current diet plan. */
export const dietPlans = pgTable(
  'diet_plans',
  {
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id),
    kind: dietKindEnum('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdByVetId: uuid('created_by_vet_id').references(() => vets.id),
    currentDietId: uuid('current_diet_id').references(() => diets.id, { onDelete: 'set null' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('diet_plans_pet_idx').on(table.petId, table.createdAt),
    // One current plan per pet, even when two publishes race.
    uniqueIndex('diet_plans_one_open_per_pet_key').on(table.petId).where(sql`${table.endedAt} is null`),
  ],
);

export type DietPlanRow = typeof dietPlans.$inferSelect;
