import {
  doseFrequencies,
  doseRoutes,
  drugUnits,
  type PrescriptionWarning,
  prescriptionStatuses,
} from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  index,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { pets } from '../../core/pets/pets.table.ts';
import { vets } from '../../core/vets/vets.table.ts';

export const prescriptionStatusEnum = pgEnum('prescription_status', prescriptionStatuses);
export const doseFrequencyEnum = pgEnum('dose_frequency', doseFrequencies);
export const doseRouteEnum = pgEnum('dose_route', doseRoutes);
export const drugUnitEnum = pgEnum('drug_unit', drugUnits);

/**
 * A drug prescribed for a pet. The drug and strength are kept by code and copied (name, label, mg per
 * unit), and so are the weight and the computed amounts: the prescription says what the owner was told,
 * whatever the reference list or the pet's weight become.
 */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    drugCode: text('drug_code').notNull(),
    drugName: text('drug_name').notNull(),
    strengthId: text('strength_id').notNull(),
    strengthLabel: text('strength_label').notNull(),
    strengthUnit: drugUnitEnum('strength_unit').notNull(),
    mgPerUnit: numeric('mg_per_unit', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    doseMgPerKg: numeric('dose_mg_per_kg', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    weightKg: numeric('weight_kg', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    weightMeasuredAt: timestamp('weight_measured_at', { withTimezone: true }).notNull(),
    mgPerDose: numeric('mg_per_dose', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    unitsPerDose: numeric('units_per_dose', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    amountText: text('amount_text').notNull(),
    frequency: doseFrequencyEnum('frequency').notNull(),
    route: doseRouteEnum('route').notNull(),
    startOn: date('start_on', { mode: 'string' }).notNull(),
    endOn: date('end_on', { mode: 'string' }),
    instructions: text('instructions').notNull().default(''),
    reason: text('reason').notNull().default(''),
    confirmedWarnings: jsonb('confirmed_warnings').$type<PrescriptionWarning[]>().notNull().default([]),
    confirmationReason: text('confirmation_reason'),
    // Never `completed` here yet: a prescription past its end date reads as completed.
    status: prescriptionStatusEnum('status').notNull().default('active'),
    prescribedByVetId: uuid('prescribed_by_vet_id').references(() => vets.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    stoppedByVetId: uuid('stopped_by_vet_id').references(() => vets.id),
    stopReason: text('stop_reason'),
    // A change of dose or frequency is a new version: the old row is kept, `changed`, with who, when and why.
    previousVersionId: uuid('previous_version_id').references((): AnyPgColumn => prescriptions.id),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    changedByVetId: uuid('changed_by_vet_id').references(() => vets.id),
    changeReason: text('change_reason'),
  },
  (table) => [
    // The pet's list and its timeline's "started" events, a page at a time.
    index('prescriptions_pet_created_idx').on(table.petId, table.createdAt),
    index('prescriptions_pet_stopped_idx')
      .on(table.petId, table.stoppedAt)
      .where(sql`stopped_at is not null`),
    index('prescriptions_pet_changed_idx')
      .on(table.petId, table.changedAt)
      .where(sql`changed_at is not null`),
  ],
);

export type PrescriptionRow = typeof prescriptions.$inferSelect;
export type NewPrescriptionRow = typeof prescriptions.$inferInsert;
