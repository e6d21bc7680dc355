import { activityLevels, petSexes } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { breeds, speciesEnum } from '../breeds/breeds.table.ts';
import { families } from '../families/families.table.ts';
import { vets } from '../vets/vets.table.ts';

export const petSexEnum = pgEnum('pet_sex', petSexes);
export const activityLevelEnum = pgEnum('activity_level', activityLevels);

export const pets = pgTable(
  'pets',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    species: speciesEnum('species').notNull(),
    breedId: uuid('breed_id').references(() => breeds.id),
    sex: petSexEnum('sex').notNull().default('unknown'),
    birthDate: date('birth_date', { mode: 'string' }),
    neutered: boolean('neutered'),
    imageUrl: text('image_url'),
    microchip: text('microchip'),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): ReturnType<typeof sql> => sql`lower(${pets.name})`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('pets_family_idx').on(table.familyId),
    // A microchip identifies one animal; `text_pattern_ops` serves prefix search on it.
    uniqueIndex('pets_microchip_key').on(table.microchip),
    index('pets_microchip_prefix_idx').on(sql`${table.microchip} text_pattern_ops`),
    index('pets_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

export type PetRow = typeof pets.$inferSelect;
export type NewPetRow = typeof pets.$inferInsert;

export interface MedicationValue {
  name: string;
  dose: string;
  frequency: string;
}

/** One row per pet (DOMAIN.md "Pets": health profile). */
export const petHealthProfiles = pgTable('pet_health_profiles', {
  petId: uuid('pet_id')
    .primaryKey()
    .references(() => pets.id),
  conditions: text('conditions').array().notNull().default([]),
  allergies: text('allergies').array().notNull().default([]),
  medications: jsonb('medications').$type<MedicationValue[]>().notNull().default([]),
  activityLevel: activityLevelEnum('activity_level'),
  bodyConditionScore: smallint('body_condition_score'),
  weightKg: numeric('weight_kg', { precision: 6, scale: 2, mode: 'number' }),
  targetWeightKg: numeric('target_weight_kg', { precision: 6, scale: 2, mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedByVetId: uuid('updated_by_vet_id').references(() => vets.id),
});

export type PetHealthProfileRow = typeof petHealthProfiles.$inferSelect;
export type NewPetHealthProfileRow = typeof petHealthProfiles.$inferInsert;
