import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { pets } from '../../core/pets/pets.table.ts';
import { vets } from '../../core/vets/vets.table.ts';

/** node-postgres answers a Buffer, PGlite a Uint8Array: both become a Buffer here. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** What a file is for: it decides its size limit, its allowed types and who may read it. */
export type FilePurpose = 'avatar' | 'diet_pdf' | 'journal_photo' | 'medical_record';

/**
 * Uploaded and generated files, in the database so that any server serves any file and a database
 * backup holds them all. A row never changes: new content is a new row.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    purpose: text('purpose').$type<FilePurpose>().notNull(),
    // The type the bytes say (magic bytes), never what the uploader claimed.
    contentType: text('content_type').notNull(),
    filename: text('filename').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    // A file that belongs to a pet is read within the pet's scope (policy/scope.ts).
    petId: uuid('pet_id').references(() => pets.id, { onDelete: 'cascade' }),
    // Generated files (diet PDFs) are found again by what they were built from.
    cacheKey: text('cache_key'),
    uploadedByVetId: uuid('uploaded_by_vet_id').references(() => vets.id, { onDelete: 'set null' }),
    // Who stored it, for any kind of actor: `vet`, `link`, `system:<name>`, `integration:<name>`.
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Avatars are content-addressed: the same image is stored once, whoever uploads it.
    uniqueIndex('files_avatar_sha256_idx').on(table.sha256).where(sql`${table.purpose} = 'avatar'`),
    uniqueIndex('files_cache_key_idx').on(table.cacheKey),
    index('files_pet_idx').on(table.petId),
  ],
);

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;
