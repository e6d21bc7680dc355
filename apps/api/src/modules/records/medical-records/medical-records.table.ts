import type { LabelColor } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import { date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { pets } from '../../core/pets/pets.table.ts';
import { vets } from '../../core/vets/vets.table.ts';
import { files } from '../../platform/files/files.table.ts';
import { medicalRecordStatusEnum } from './medical-records.enums.ts';

/** The practice's managed list of labels for medical records (Cardiology, Bloodwork…). */
export const labels = pgTable(
  'labels',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    color: text('color').$type<LabelColor>().notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdByVetId: uuid('created_by_vet_id').references(() => vets.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('labels_name_idx').on(sql`lower(${table.name})`)],
);

/** Documents uploaded for a pet (lab results, reports, images); the bytes are in the files store. */
export const medicalRecords = pgTable(
  'medical_records',
  {
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    // The name it was uploaded with: a download keeps it.
    originalFilename: text('original_filename').notNull(),
    status: medicalRecordStatusEnum('status').notNull().default('pending'),
    // `vet` (a vet on the dashboard) or `owner` (through the owner app).
    uploadedBy: text('uploaded_by').$type<'vet' | 'owner'>().notNull(),
    uploadedByVetId: uuid('uploaded_by_vet_id').references(() => vets.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    reviewedByVetId: uuid('reviewed_by_vet_id').references(() => vets.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [
    index('medical_records_inbox_idx').on(table.status, table.uploadedAt),
    index('medical_records_pet_idx').on(table.petId, table.documentDate),
    // A pet's timeline reads its newest events of each kind from here, a page at a time.
    index('medical_records_pet_uploaded_idx').on(table.petId, table.uploadedAt),
  ],
);

export const medicalRecordLabels = pgTable(
  'medical_record_labels',
  {
    recordId: uuid('record_id')
      .notNull()
      .references(() => medicalRecords.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.recordId, table.labelId] }),
    index('medical_record_labels_label_idx').on(table.labelId),
  ],
);

export type LabelRow = typeof labels.$inferSelect;
export type MedicalRecordRow = typeof medicalRecords.$inferSelect;
export type NewMedicalRecordRow = typeof medicalRecords.$inferInsert;
