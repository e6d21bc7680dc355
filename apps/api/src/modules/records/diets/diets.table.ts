import type { DietWarning, NutrientValues } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { pets } from '../../core/pets/pets.table.ts';
import { vets } from '../../core/vets/vets.table.ts';
import { files } from '../../platform/files/files.table.ts';
import {
  amountUnitEnum,
  dietKindEnum,
  dietStatusEnum,
  ingredientCategoryEnum,
  nutrientProfileKindEnum,
} from './diets.enums.ts';
import { dietPlans } from './diets.plans.table.ts';

/** Reference data, kept in step with `ingredients.data.ts` on every migration. */
export const ingredients = pgTable('ingredients', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull().unique(),
  category: ingredientCategoryEnum('category').notNull(),
  kcalPer100g: real('kcal_per_100g').notNull(),
  nutrients: jsonb('nutrients').$type<NutrientValues>().notNull(),
  source: text('source').notNull(),
});

export type IngredientRow = typeof ingredients.$inferSelect;

export const diets = pgTable(
  'diets',
  {
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id),
    dietPlanId: uuid('diet_plan_id').references((): AnyPgColumn => dietPlans.id),
    kind: dietKindEnum('kind').notNull(),
    nutrientProfileKind: nutrientProfileKindEnum('nutrient_profile_kind').notNull(),
    status: dietStatusEnum('status').notNull().default('draft'),
    formulatedOn: date('formulated_on', { mode: 'string' }),
    nextAssessmentOn: date('next_assessment_on', { mode: 'string' }),
    mealsPerDay: smallint('meals_per_day').notNull().default(2),
    feedingInstructions: text('feeding_instructions').notNull().default(''),
    copiedFromId: uuid('copied_from_id').references((): AnyPgColumn => diets.id, { onDelete: 'set null' }),
    createdByVetId: uuid('created_by_vet_id').references(() => vets.id),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedByVetId: uuid('published_by_vet_id').references(() => vets.id),
    // The warnings the publishing vet acknowledged, as they read then, and why; who and when are the
    // publisher and the publication, as the acknowledgement is part of the publish.
    acknowledgedWarnings: jsonb('acknowledged_warnings').$type<DietWarning[]>().notNull().default([]),
    acknowledgementReason: text('acknowledgement_reason'),
    pdfGeneratedAt: timestamp('pdf_generated_at', { withTimezone: true }),
    // The cached PDF (files): removed with the diet's changes, rebuilt on the next read.
    pdfFileId: uuid('pdf_file_id').references(() => files.id, { onDelete: 'set null' }),
    // What the stored PDF was built from, so a read knows whether it still matches the diet.
    pdfSourceHash: text('pdf_source_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('diets_pet_created_idx').on(table.petId, table.createdAt),
    // A pet's timeline reads its newest events of each kind from here, a page at a time.
    index('diets_pet_published_idx').on(table.petId, table.publishedAt).where(sql`published_at is not null`),
  ],
);

export type DietRow = typeof diets.$inferSelect;
export type NewDietRow = typeof diets.$inferInsert;

export const dietIngredients = pgTable(
  'diet_ingredients',
  {
    dietId: uuid('diet_id')
      .notNull()
      .references(() => diets.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    ingredientId: uuid('ingredient_id')
      .notNull()
      .references(() => ingredients.id),
    amount: numeric('amount', { precision: 12, scale: 4, mode: 'number' }).notNull(),
    unit: amountUnitEnum('unit').notNull(),
  },
  (table) => [primaryKey({ columns: [table.dietId, table.position] })],
);

export type DietIngredientRow = typeof dietIngredients.$inferSelect;
