import { species } from '@vetboard/contract';
import { pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const speciesEnum = pgEnum('species', species);

/** Reference data, kept in step with `breeds.data.ts` on every migration. */
export const breeds = pgTable(
  'breeds',
  {
    id: uuid('id').primaryKey(),
    species: speciesEnum('species').notNull(),
    name: text('name').notNull(),
  },
  (table) => [uniqueIndex('breeds_species_name_key').on(table.species, table.name)],
);

export type BreedRow = typeof breeds.$inferSelect;
