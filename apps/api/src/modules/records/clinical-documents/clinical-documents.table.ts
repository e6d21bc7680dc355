import {
  type ClinicalDocumentContent,
  clinicalDocumentKinds,
  clinicalDocumentStatuses,
} from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { pets } from '../../core/pets/pets.table.ts';
import { vets } from '../../core/vets/vets.table.ts';

export const clinicalDocumentKindEnum = pgEnum('clinical_document_kind', clinicalDocumentKinds);
export const clinicalDocumentStatusEnum = pgEnum('clinical_document_status', clinicalDocumentStatuses);

/**
 * Assessments and medical reports vets write about a pet, one row per version. A signed row never
 * changes (the life-cycle refuses it); a correction is a new row whose `previousVersionId` is the
 * signed one, and a version is amended at most once (the unique index), so versions form one chain.
 */
export const clinicalDocuments = pgTable(
  'clinical_documents',
  {
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    kind: clinicalDocumentKindEnum('kind').notNull(),
    /** The first version's id, shared by every version: the document a list shows once. */
    rootId: uuid('root_id').notNull(),
    version: integer('version').notNull(),
    previousVersionId: uuid('previous_version_id').references((): AnyPgColumn => clinicalDocuments.id),
    amendmentReason: text('amendment_reason'),
    status: clinicalDocumentStatusEnum('status').notNull().default('draft'),
    title: text('title').notNull(),
    content: jsonb('content').$type<ClinicalDocumentContent>().notNull(),
    createdByVetId: uuid('created_by_vet_id').references(() => vets.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedByVetId: uuid('updated_by_vet_id').references(() => vets.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    signedByVetId: uuid('signed_by_vet_id').references(() => vets.id),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** Hex SHA-256 of `canonicalClinicalDocument` (contract), written when signed. */
    contentSha256: text('content_sha256'),
  },
  (table) => [
    index('clinical_documents_pet_idx').on(table.petId, table.kind, table.updatedAt),
    // A pet's timeline reads its newest events of each kind from here, a page at a time.
    index('clinical_documents_pet_signed_idx')
      .on(table.petId, table.kind, table.signedAt)
      .where(sql`signed_at is not null`),
    index('clinical_documents_root_idx').on(table.rootId, table.version),
    uniqueIndex('clinical_documents_previous_version_idx').on(table.previousVersionId),
  ],
);

export type ClinicalDocumentRow = typeof clinicalDocuments.$inferSelect;
export type NewClinicalDocumentRow = typeof clinicalDocuments.$inferInsert;
