import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type FileRow, files, type NewFileRow } from './files.table.ts';

/** Everything but the content, which is only ever read in slices. */
const metaColumns = {
  id: files.id,
  purpose: files.purpose,
  contentType: files.contentType,
  filename: files.filename,
  size: files.size,
  sha256: files.sha256,
  petId: files.petId,
  cacheKey: files.cacheKey,
  createdAt: files.createdAt,
};

export type FileMetaRow = Omit<FileRow, 'content' | 'uploadedByVetId' | 'uploadedBy'>;

/**
 * A file of a pet is readable within the pet's scope; one of nobody's (an avatar) by every vet.
 * `petScope` is the policy's condition on `files.pet_id`, undefined for an actor who sees every pet.
 */
function readable(petScope: SQL | undefined): SQL | undefined {
  return petScope ? or(isNull(files.petId), petScope) : undefined;
}

export async function findFileMeta(
  db: DbOrTx,
  id: string,
  petScope: SQL | undefined,
): Promise<FileMetaRow | undefined> {
  const [row] = await db
    .select(metaColumns)
    .from(files)
    .where(and(eq(files.id, id), readable(petScope)));
  return row;
}

export async function findFileMetaByCacheKey(db: DbOrTx, cacheKey: string): Promise<FileMetaRow | undefined> {
  const [row] = await db.select(metaColumns).from(files).where(eq(files.cacheKey, cacheKey));
  return row;
}

export async function findAvatarMetaBySha256(db: DbOrTx, sha256: string): Promise<FileMetaRow | undefined> {
  const [row] = await db
    .select(metaColumns)
    .from(files)
    .where(and(eq(files.purpose, 'avatar'), eq(files.sha256, sha256)));
  return row;
}

/** Inserts unless an equal file (same avatar bytes, same cache key) is there already. */
export async function insertFileIfAbsent(db: DbOrTx, row: NewFileRow): Promise<void> {
  await db.insert(files).values(row).onConflictDoNothing();
}

/** `length` bytes from `offset` (0-based); null when the file is gone. */
export async function readFileSlice(
  db: DbOrTx,
  id: string,
  offset: number,
  length: number,
): Promise<Buffer | null> {
  const [row] = await db
    .select({ chunk: sql<Buffer | Uint8Array>`substring(${files.content} from ${offset + 1} for ${length})` })
    .from(files)
    .where(eq(files.id, id));
  if (!row) return null;
  return Buffer.isBuffer(row.chunk) ? row.chunk : Buffer.from(row.chunk);
}

export async function deleteFileRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
}
