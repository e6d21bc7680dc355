import { petAlertKinds } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { pets } from '../../core/pets/pets.table.ts';
import { vets } from '../../core/vets/vets.table.ts';

export const petAlertKindEnum = pgEnum('pet_alert_kind', petAlertKinds);

/**
 * A patient alert on a pet ("Will bite"), with who set it and when; removing it keeps the row with who and
 * when (the pet's history says it was there). One active alert per kind, any number of `other`.
 */
export const petAlerts = pgTable(
  'pet_alerts',
  {
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    kind: petAlertKindEnum('kind').notNull(),
    text: text('text'),
    createdByVetId: uuid('created_by_vet_id').references(() => vets.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    removedByVetId: uuid('removed_by_vet_id').references(() => vets.id),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    index('pet_alerts_pet_idx').on(table.petId, table.createdAt).where(sql`removed_at is null`),
    uniqueIndex('pet_alerts_one_kind_idx')
      .on(table.petId, table.kind)
      .where(sql`removed_at is null and kind <> 'other'`),
  ],
);

export type PetAlertRow = typeof petAlerts.$inferSelect;
